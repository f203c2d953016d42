-- id: match-rules
-- version: 1
-- kind: query
-- summary: kernel-name normalisation rules of diff: applied in order (PCRE2 pattern, replacement, all matches); kernels that keep no exact partner are matched on the result. diff --match-rules FILE takes an edited copy of this file
--
-- Each row is one rule. `rule` (a name shown in diff's output when the rule
-- changed a name), `pattern` (PCRE2, UTF-8), `replacement` (PCRE2 substitution
-- text, where $1 is a group and $$ a dollar sign) and `description`. Rules run top to
-- bottom, each on the output of the one before. SQL string literals keep
-- backslashes as they are; a quote is written twice.
--
-- To change them, run nsysql timeline-sql --show match-rules (the text is in
-- .result.query.text), edit the VALUES rows, and pass the file with
-- diff --match-rules FILE. The file must stay one read-only SELECT returning
-- the columns rule, pattern and replacement; it runs on an empty in-memory
-- database, never on an export.
SELECT column1 AS ord, column2 AS rule, column3 AS pattern, column4 AS replacement,
       column5 AS description
FROM (VALUES
  (1, 'return_type', '^void\s+',
      '',
      'demangled names start with the return type (void): dropped'),
  (2, 'template_args', '<(?:[^<>]++|(?R))*+>',
      '<>',
      'template argument lists, nested ones included, become <>'),
  (3, 'parameter_list', '\((?:[^()]++|(?R))*+\)',
      '()',
      'parameter lists and other parenthesised parts become ()'),
  (4, 'hex_id', '0[xX][0-9A-Fa-f]+|(?<![0-9A-Za-z])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{8,}(?![0-9A-Za-z])',
      '{hex}',
      'hexadecimal ids: 0x1f3a, and bare runs of 8 or more hex digits (hashes, anonymous-namespace ids)'),
  (5, 'tile_shape', '(?<![0-9])[0-9]+(?:x[0-9]+)+(?![0-9])',
      '{tile}',
      'tile, warp and cluster shapes such as 128x256, 64x4, 2x1 or tilesize128x128x64'),
  (6, 'raster_order', '(?<=\{tile\})_[vh](?=_|$)',
      '_{vh}',
      'the v/h raster order letter that follows a shape in nvjet GEMM names'),
  (7, 'numeric_suffix', '(?<=[A-Za-z_])[0-9]+(?=(?:<>)?(?:\(\))?$)',
      '{n}',
      'a trailing number: triton_poi_fused_add_3, kernel2, align8 (before any folded <> or ())')
)
ORDER BY ord;
