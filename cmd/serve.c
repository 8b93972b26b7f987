/* serve.c - `pgnkit serve`: the lichess opening explorer's API and an explorer page, over HTTP. */
/* SPDX-License-Identifier: MIT */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <microhttpd.h>
#include "cmd.h"
#include "cli/cmdline.h"
#include "cli/common.h"
#include "explorer/explorer_answer.h"
#include "index/index_db.h"
#include "pgnkit_db.h"
#include "base/banned.h"

static const char *const serve_usage[] = {
    "pgnkit serve [--port N] [--host ADDR] [--threads N] DB...",
    "",
    "Answers the lichess opening explorer's requests (/masters, /lichess, /player)",
    "from databases built by pgnkit index, serves a game's PGN at /game/ID and an",
    "explorer page at /. Read-only; listens on 127.0.0.1:9002 unless told otherwise.",
    "Stops cleanly on SIGINT or SIGTERM.",
    "",
    NULL,
};

/*
 * HTTP is libmicrohttpd's; everything a request means is lib/explorer's
 * (explorer_answer), which never sees HTTP. The bounds: a request's header
 * and URL must fit CONNECTION_MEMORY (else libmicrohttpd answers 414/431),
 * at most CONNECTIONS connections at once, each closed after IDLE_SECONDS
 * idle, at most PARAMS query parameters.
 */
enum {
    DEFAULT_PORT = 9002, /* as lila-openingexplorer */
    CONNECTIONS = 64,
    IDLE_SECONDS = 10,
    CONNECTION_MEMORY = 32 * 1024,
    PARAMS = 32,
    BODY_MAX = 64 << 20,
};

/* One handle per database, for one request at a time (pgnkit_db.h: threads). */
struct handles {
    struct pgnkit_db **dbs;
    int busy;
};

struct server {
    int ndb;
    struct handles *sets; /* one set per thread of the pool */
    int nsets;
    pthread_mutex_t lock;
    pthread_cond_t freed;
};

struct serve_opts {
    long port, threads;
    int port_given;
};

static int port_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct serve_opts *o = storage;
    (void)entry;
    if (parse_long(arg, 0, 65535, &o->port)) {
        error("--port takes a number from 0 to 65535, not '%s'", arg);
        return -1;
    }
    return 0;
}

static int threads_option(void *storage, const struct option_entry *entry, char *arg)
{
    struct serve_opts *o = storage;
    (void)entry;
    if (parse_long(arg, 1, 64, &o->threads)) {
        error("--threads takes a number from 1 to 64, not '%s'", arg);
        return -1;
    }
    return 0;
}

static struct handles *borrow(struct server *s)
{
    pthread_mutex_lock(&s->lock);
    for (;;) {
        for (int i = 0; i < s->nsets; i++)
            if (!s->sets[i].busy) {
                s->sets[i].busy = 1;
                pthread_mutex_unlock(&s->lock);
                return &s->sets[i];
            }
        pthread_cond_wait(&s->freed, &s->lock);
    }
}

static void give_back(struct server *s, struct handles *h)
{
    pthread_mutex_lock(&s->lock);
    h->busy = 0;
    pthread_cond_signal(&s->freed);
    pthread_mutex_unlock(&s->lock);
}

struct params {
    struct explorer_param p[PARAMS];
    size_t n;
    int too_many;
};

static enum MHD_Result take_param(void *cls, enum MHD_ValueKind kind, const char *key,
                                  const char *value)
{
    struct params *ps = cls;
    (void)kind;
    if (ps->n == PARAMS) {
        ps->too_many = 1;
        return MHD_NO;
    }
    ps->p[ps->n++] = (struct explorer_param){ key, value };
    return MHD_YES;
}

static enum MHD_Result send_reply(struct MHD_Connection *c, const struct explorer_reply *r)
{
    static char empty[1];
    struct MHD_Response *res = MHD_create_response_from_buffer(
        r->body.len, r->body.data ? r->body.data : empty, MHD_RESPMEM_MUST_COPY);
    if (!res)
        return MHD_NO;
    MHD_add_response_header(res, "Content-Type", r->type);
    /* Other programs' pages may ask it, as they ask lichess's explorer. */
    MHD_add_response_header(res, "Access-Control-Allow-Origin", "*");
    MHD_add_response_header(res, "X-Content-Type-Options", "nosniff");
    enum MHD_Result ok = MHD_queue_response(c, (unsigned)r->status, res);
    MHD_destroy_response(res);
    return ok;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url,
                              const char *method, const char *version, const char *upload,
                              size_t *upload_size, void **state)
{
    struct server *s = cls;
    (void)version, (void)upload;
    /* The first call only announces the request: answer on the second, once
     * any body has been refused. */
    if (!*state) {
        *state = s;
        return MHD_YES;
    }
    struct explorer_reply reply = { 500, "application/json", BUF_INIT(BODY_MAX) };
    struct params ps = { .n = 0 };
    if (strcmp(method, "GET") && strcmp(method, "HEAD")) {
        explorer_reply_error(&reply, 405, "only GET and HEAD are answered");
    } else if (*upload_size) {
        *upload_size = 0;
        explorer_reply_error(&reply, 400, "a request with a body");
    } else {
        MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, take_param, &ps);
        if (ps.too_many) {
            explorer_reply_error(&reply, 400, "more than 32 parameters");
        } else {
            struct handles *h = borrow(s);
            explorer_answer(h->dbs, (size_t)s->ndb, url, ps.p, ps.n, &reply);
            give_back(s, h);
        }
    }
    enum MHD_Result ok = send_reply(c, &reply);
    buf_release(&reply.body);
    return ok;
}

/* Says why path, which pgnkit_db_open() refused with rc, cannot be served:
 * a database of another schema in the database layer's words (build it
 * again), else what rc says. */
static void refused(const char *path, int rc)
{
    struct index_db *db = NULL;
    if (rc == PGNKIT_EFORMAT && index_db_is_database(path) && index_db_open(&db, path, 0) != PGN_OK)
        error("cannot open the database '%s': %s", path, index_db_message(db));
    else
        error("cannot open the database '%s': %s", path,
              rc == PGNKIT_EFORMAT ? "not a pgnkit database (pgnkit index builds one)"
                                   : pgnkit_status_name(rc));
    index_db_close(db);
}

/* Opens a handle on each database for each set; 0, or -1 after a message. */
static int open_all(struct server *s, char **paths)
{
    for (int k = 0; k < s->nsets; k++) {
        s->sets[k].dbs = xcalloc((size_t)s->ndb, sizeof *s->sets[k].dbs);
        for (int i = 0; i < s->ndb; i++) {
            int rc = pgnkit_db_open(&s->sets[k].dbs[i], paths[i]);
            if (rc != PGNKIT_OK) {
                refused(paths[i], rc);
                return -1;
            }
        }
    }
    return 0;
}

static void close_all(struct server *s)
{
    for (int k = 0; k < s->nsets; k++) {
        for (int i = 0; s->sets[k].dbs && i < s->ndb; i++)
            pgnkit_db_free(s->sets[k].dbs[i]);
        free(s->sets[k].dbs);
    }
    free(s->sets);
}

int cmd_serve(int argc, char **argv)
{
    struct serve_opts o = { .port = DEFAULT_PORT, .threads = 4 };
    const char *host = "127.0.0.1";
    const struct option_entry options[] = {
        OPT_CALLBACK('p', "port", &o, "N", "listen on port N (default 9002; 0: any free port)",
                     port_option),
        OPT_STRING(0, "host", &host, "ADDR",
                   "listen on this IPv4 address (default 127.0.0.1: this machine only)"),
        OPT_CALLBACK(0, "threads", &o, "N", "answer N requests at once (default 4)",
                     threads_option),
        OPT_HELP(),
        OPT_END(),
    };
    int parsed = parse_options(argc, argv, options, serve_usage);
    if (parsed != OPTIONS_PARSED)
        return parsed;
    if (optind == argc) {
        error("a database is needed (pgnkit index builds one)");
        return usage_error(serve_usage);
    }
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)o.port);
    if (inet_pton(AF_INET, host, &addr.sin_addr) != 1) {
        error("--host takes an IPv4 address such as 127.0.0.1, not '%s'", host);
        return EXIT_USAGE;
    }
    struct server s;
    memset(&s, 0, sizeof s);
    s.ndb = argc - optind;
    s.nsets = (int)o.threads;
    s.sets = xcalloc((size_t)s.nsets, sizeof *s.sets);
    pthread_mutex_init(&s.lock, NULL);
    pthread_cond_init(&s.freed, NULL);
    if (open_all(&s, argv + optind)) {
        close_all(&s);
        return EXIT_IO;
    }
    /* The signals are taken by sigwait below, never by the server's threads. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL, 0, NULL, NULL, handle, &s,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)o.threads,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)CONNECTIONS,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)IDLE_SECONDS,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY,
        MHD_OPTION_END);
    if (!d) {
        error("cannot listen on %s:%ld (in use, or not this machine's address)", host, o.port);
        close_all(&s);
        return EXIT_IO;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    fprintf(stderr, "pgnkit serve: listening on http://%s:%u/\n", host,
            info ? (unsigned)info->port : (unsigned)o.port);
    fflush(stderr);
    int sig = 0;
    sigwait(&stop, &sig);
    MHD_stop_daemon(d);
    close_all(&s);
    pthread_mutex_destroy(&s.lock);
    pthread_cond_destroy(&s.freed);
    fprintf(stderr, "pgnkit serve: stopped by %s\n", sig == SIGINT ? "SIGINT" : "SIGTERM");
    return EXIT_OK;
}
