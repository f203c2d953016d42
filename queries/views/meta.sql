-- id: meta
-- version: 1
-- kind: view
-- summary: export and capture metadata key/value rows from META_DATA_EXPORT, EXPORT_META_DATA (2022) and META_DATA_CAPTURE
-- source: META_DATA_EXPORT(name, value)
-- source: EXPORT_META_DATA(name, value)
-- source: META_DATA_CAPTURE(name, value)
CREATE TEMP VIEW meta AS
SELECT 'export' AS source, name, value FROM _src_META_DATA_EXPORT
UNION ALL
SELECT 'export', name, value FROM _src_EXPORT_META_DATA
UNION ALL
SELECT 'capture', name, value FROM _src_META_DATA_CAPTURE;
