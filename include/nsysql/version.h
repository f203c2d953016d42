/* version: nsysql's version, for documents and traces. */
#ifndef NSYSQL_VERSION_H
#define NSYSQL_VERSION_H

#define NSYSQL_VERSION "0.1.0"

#endif
