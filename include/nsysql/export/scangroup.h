/* scangroup: several analyses on one export, their table reads shared.
 *
 * A command that runs several analyses (stats, advise, report, ranks' steps)
 * would read the kernel table once per analysis. nsq_scan_together runs them
 * as members of a group: each on a thread of its own, but a baton lets only
 * one run at a time (they need no locking and may use the export's
 * connection, as when run one after the other; a member may step aside
 * for work of its own, nsq_scan_aside below, and then runs alongside the
 * others and their passes). When a member calls
 * nsq_parscan (parscan.h) on the group's export, it waits; once no member
 * is running, one pass over one view serves every member waiting on it
 * (the view with the fewest rows per waiting member, so that members read
 * the small tables first and meet at the big ones; see serve() in
 * scangroup.c), with the union of their columns, each member's callback getting
 * exactly the rows and values its own scan gives (its own columns, its WHERE
 * clause applied through its C predicate, `keep`); then the members go on,
 * in order, to their next scan or their end.
 *
 * A request joins a shared pass when it reads a view (not a table), its
 * columns are plain column names (or NULL; "#col" for raw_only requests,
 * which share only with raw_only ones), and it has no WHERE or one with its
 * `keep`; any other request, and any left over (more than
 * NSQ_PARSCAN_MAX_COLS columns in all), is read on its own in the same round.
 * A member whose callback fails is fed no more (its own error); when the
 * shared pass itself fails (an SQL error, a damaged tree, the time limit, a
 * chunk the page reader cannot give a raw_only request), every member still
 * fed reads on its own from the row it had reached, so it gets its own error
 * (or rows) exactly as alone. A scan made while the shared pass runs (from a
 * callback), or from another thread of a member, reads on its own. */
#ifndef NSYSQL_SCANGROUP_H
#define NSYSQL_SCANGROUP_H

#include "nsysql/export/export.h"
#include "nsysql/export/parscan.h"

/* Runs fn[0](arg[0]) .. fn[n-1](arg[n-1]) as a group on x (see above) and
 * returns when every one has returned. Called from a member of a group on
 * the same export, the new members join that group (the caller waits for
 * them, its scans shared with the whole group); on another export they run
 * one after the other. Returns the number of shared passes made (for tests:
 * passes that served two members or more). */
int nsq_scan_together(nsq_export *x, int n, void (*const *fn)(void *), void *const *arg);

/* A member steps aside for work of its own that needs neither the export
 * nor anything another member may touch (its results once read: sorting,
 * merging, its JSON): the baton goes on to the other members, and the
 * group's passes are served, while it works. nsq_scan_back takes the baton
 * again (a scan or nsq_scan_together made aside does so first); a member
 * may end aside. Outside a group, or from a thread that is not a member of
 * x's group, both do nothing. A member aside is not waited for: a view it
 * reads after is read in a later pass, or alone. */
void nsq_scan_aside(nsq_export *x);
void nsq_scan_back(nsq_export *x);

#endif
