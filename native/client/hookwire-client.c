/*
 * hookwire-client: the native `hookwire run` (docs/daemon.md). The agent starts it on every event; it reads
 * stdin, hands the event (arguments, cwd, environment, stdin) to the user's warm hookwire daemon over a Unix
 * socket, prints the answer and exits with its code. It never parses JSON or settings.
 *
 *   hookwire-client [--hookwire FILE] [--node FILE] run [ARGS...]
 *   hookwire-client --version | --noop | --socket-path [--hookwire FILE]
 *   hookwire-client --spawner          (the daemon's spawn helper: spawner.c)
 *
 * FILE is hookwire's Node bin (dist/hookwire.cjs); `hookwire init` writes both options. When no daemon
 * answers, the client starts one (`node FILE daemon --socket PATH --ready-fd 3`) under an exclusive lock, in
 * a session of its own, and waits until it listens. Whenever a daemon cannot be used (no runtime directory
 * of our own, a socket path too long, a failed start in the last minute, no answer to the greeting), it
 * execs `node FILE run ARGS...` with the stdin it read replayed through a pipe: the event is answered the
 * slow way, never dropped, and never sent twice, because it falls back only before a daemon greeted it.
 *
 * An event the host does not wait for (StopFailure, a late InstructionsLoaded: host-does-not-wait.h, named
 * in the arguments as `hookwire init` writes them) is delivered detached: the client ignores SIGTERM from
 * its first instruction (Claude Code signals such hooks' group tens of ms after starting them), reads the
 * input, forks a copy into a session of its own with /dev/null for stdio, and exits 0 once that copy has
 * left the host's process group. The copy goes on as above (daemon, start, or the Node fallback), where the
 * host's signals to the group it left never reach it.
 *
 * Wire format, integers u32 little-endian, strings as u32 length + bytes:
 *   daemon, on accepting:  "HWH1" protocol version-string
 *   client request:        "HWQ1" length protocol argc args... cwd envc env... stdin
 *   daemon answer:         "HWA1" exit_code stdout stderr
 * (after the request, the daemon writes a 0 byte every second until the answer: a heartbeat, skipped here).
 * The hello is what makes the fallback safe: without it the daemon never saw the event. After it, a missing
 * answer is answered here as a blocking hookwire error (exit 2 with the reason), never a second run.
 *
 * It fails closed (docs/daemon.md): it exits with the daemon's answer, with Node's (the fallback), or with 2
 * and a reason on stderr; never 1, never by a signal (SIGPIPE is ignored, sockets are written with
 * MSG_NOSIGNAL), never after replaying a cut input. Every wait on the daemon is bounded: the hello within
 * HELLO_LIMIT_MS, then no more than WAIT_LIMIT_MS without a byte moving either way (the heartbeat keeps a
 * long hook's event alive); HOOKWIRE_CLIENT_WAIT_MS sets both.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __APPLE__
#include <mach-o/dyld.h>
#endif
#include <signal.h>

#include "host-does-not-wait.h"
/* The daemon's spawn helper, `hookwire-client --spawner` (one translation unit: the build compiles this file). */
#include "spawner.c"

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0 /* macOS: SIGPIPE is ignored (main) */
#endif

#ifndef HOOKWIRE_VERSION
#define HOOKWIRE_VERSION "0.0.0-dev"
#endif
/* 2: the heartbeat before the answer. */
#define PROTOCOL 2
/* How long a daemon may take to start listening, and to greet once connected. */
#define START_LIMIT_MS 10000
#define HELLO_LIMIT_MS 3000
/* Once greeted: the longest the daemon may go without taking request bytes or sending any (heartbeat: 1 s). */
#define WAIT_LIMIT_MS 15000
/* The byte the daemon sends while an event's hooks run, before its answer. */
#define HEARTBEAT 0
/* After a failed start, the next events go straight to Node for this long: each attempt costs a Node start. */
#define START_BACKOFF_SECONDS 60
/* Larger inputs go to Node, streamed whole; so do larger requests, which the daemon refuses. */
#define INPUT_LIMIT (16u * 1024 * 1024)
#define REQUEST_LIMIT (20u * 1024 * 1024) /* REQUEST_LIMIT_BYTES of src/cli/daemon/daemon-wire.ts */
#define ANSWER_LIMIT (512u * 1024 * 1024)
/* hookwire's own failure on an event: exit 2, so that an event that can block is blocked, with the reason. */
#define OWN_FAILURE 2
/* The shell's status for a command that is not found: what a missing --hookwire FILE is. */
#define NOT_FOUND 127

/* What the host gave us for SIGPIPE, which we ignore: restored for the processes we exec. */
static void (*original_sigpipe)(int) = SIG_DFL;

/* Exits 2 with the reason: hookwire's own failure, which blocks an event that can block. */
static void fail_closed(const char *reason) {
  fprintf(stderr, "hookwire-client: %s (exit 2: hookwire's own failure)\n", reason);
  exit(OWN_FAILURE);
}

extern char **environ;

typedef struct {
  char *data;
  size_t length, capacity;
} buffer;

static void append(buffer *b, const void *bytes, size_t n) {
  if (n == 0) return;
  if (b->length + n > b->capacity) {
    size_t capacity = (b->length + n) * 2 + 4096;
    char *data = realloc(b->data, capacity);
    if (!data) {
      fputs("hookwire-client: out of memory\n", stderr);
      exit(OWN_FAILURE);
    }
    b->data = data;
    b->capacity = capacity;
  }
  memcpy(b->data + b->length, bytes, n);
  b->length += n;
}
static void append_u32(buffer *b, uint32_t v) {
  unsigned char bytes[4] = {v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >> 24) & 0xff};
  append(b, bytes, 4);
}
static void append_text(buffer *b, const char *s) {
  size_t n = strlen(s);
  append_u32(b, (uint32_t)n);
  append(b, s, n);
}
static uint32_t read_u32(const char *p) {
  const unsigned char *u = (const unsigned char *)p;
  return (uint32_t)u[0] | (uint32_t)u[1] << 8 | (uint32_t)u[2] << 16 | (uint32_t)u[3] << 24;
}

static int write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}
/* Reads `fd` to its end: 0; 1 once past `limit` bytes (the rest is still to read); -1 on an error. */
static int read_input(int fd, buffer *b, size_t limit) {
  char chunk[65536];
  for (;;) {
    ssize_t r = read(fd, chunk, sizeof chunk);
    if (r < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    if (r == 0) return 0;
    append(b, chunk, (size_t)r);
    if (b->length > limit) return 1;
  }
}

static long long now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Waits up to `ms` for `events` on `fd`: 0 when ready, -1 on a timeout or an error. */
static int wait_for(int fd, short events, int ms) {
  struct pollfd ready = {.fd = fd, .events = events};
  long long deadline = now_ms() + ms;
  for (;;) {
    long long left = deadline - now_ms();
    int r = poll(&ready, 1, left < 0 ? 0 : (int)left);
    if (r > 0) return 0;
    if (r == 0) return -1;
    if (errno != EINTR) return -1;
  }
}

/* Exactly `n` bytes, all within `ms`; -1 on a timeout, an end or an error. */
static int read_within(int fd, char *p, size_t n, int ms) {
  long long deadline = now_ms() + ms;
  while (n > 0) {
    long long left = deadline - now_ms();
    if (left < 0 || wait_for(fd, POLLIN, (int)left) < 0) return -1;
    ssize_t r = read(fd, p, n);
    if (r < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (r <= 0) return -1;
    p += r;
    n -= (size_t)r;
  }
  return 0;
}

/* Why talking to the daemon failed, for the line on stderr. */
static char failure[256];

/* Sends all of `p` on the socket, each part within `ms` of the last; -1 (and `failure`) otherwise. */
static int send_within(int fd, const char *p, size_t n, int ms) {
  while (n > 0) {
    if (wait_for(fd, POLLOUT, ms) < 0) {
      snprintf(failure, sizeof failure, "it took no request bytes for %d ms", ms);
      return -1;
    }
    ssize_t w = send(fd, p, n, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (w < 0) {
      if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
      snprintf(failure, sizeof failure, "sending the request failed: %s", strerror(errno));
      return -1;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

/* The whole answer's length once its lengths are in `b`, else 0. */
static size_t answer_length(const buffer *b) {
  if (b->length < 12) return 0;
  size_t out_length = read_u32(b->data + 8);
  if (b->length < 16 + out_length) return 0;
  return 16 + out_length + read_u32(b->data + 12 + out_length);
}

/*
 * The answer, the heartbeats before it dropped: read until it is whole (its lengths say when; the end of the
 * connection comes later, after the daemon's own work) or the connection ends. -1 (and `failure`) when no
 * byte came for `ms`, on an error, or past `limit` bytes.
 */
static int read_answer(int fd, buffer *b, size_t limit, int ms) {
  char chunk[65536];
  for (;;) {
    if (wait_for(fd, POLLIN, ms) < 0) {
      snprintf(failure, sizeof failure, "it sent nothing for %d ms", ms);
      return -1;
    }
    ssize_t r = read(fd, chunk, sizeof chunk);
    if (r < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      snprintf(failure, sizeof failure, "reading the answer failed: %s", strerror(errno));
      return -1;
    }
    if (r == 0) return 0;
    size_t skip = 0;
    if (b->length == 0)
      while (skip < (size_t)r && chunk[skip] == HEARTBEAT) skip++;
    append(b, chunk + skip, (size_t)r - skip);
    if (b->length > limit) {
      snprintf(failure, sizeof failure, "its answer is over %u bytes", (unsigned)limit);
      return -1;
    }
    size_t whole = answer_length(b);
    if (whole != 0 && b->length >= whole) return 0;
  }
}

/* FNV-1a, 32 bits: the installation part of the socket name (src/cli/daemon/daemon-socket.ts agrees). */
static uint32_t fnv1a(const char *s) {
  uint32_t hash = 2166136261u;
  for (; *s; s++) {
    hash ^= (unsigned char)*s;
    hash *= 16777619u;
  }
  return hash;
}

/* True when `path` is a directory (not a symlink) of ours that nobody else may enter or write. */
static int is_private_directory(const char *path) {
  struct stat status;
  return lstat(path, &status) == 0 && S_ISDIR(status.st_mode) && status.st_uid == getuid() &&
         (status.st_mode & 077) == 0;
}

/*
 * $XDG_RUNTIME_DIR/hookwire (Linux: a per-user tmpfs), else $TMPDIR/hookwire-<uid>, else
 * /tmp/hookwire-<uid>: created 0700, then used only when private and ours (checked with lstat).
 */
static int runtime_directory(char *out, size_t size) {
  const char *runtime = getenv("XDG_RUNTIME_DIR");
  const char *temporary = getenv("TMPDIR");
  int n;
  if (runtime && runtime[0] == '/') n = snprintf(out, size, "%s/hookwire", runtime);
  else if (temporary && temporary[0] == '/')
    n = snprintf(out, size, "%s%shookwire-%u", temporary,
                 temporary[strlen(temporary) - 1] == '/' ? "" : "/", (unsigned)getuid());
  else n = snprintf(out, size, "/tmp/hookwire-%u", (unsigned)getuid());
  if (n < 0 || (size_t)n >= size) return -1;
  if (mkdir(out, 0700) < 0 && errno != EEXIST) return -1;
  return is_private_directory(out) ? 0 : -1;
}

typedef struct {
  const char *hookwire; /* the Node bin, as given or found */
  const char *node;
  char hookwire_real[PATH_MAX];
  char directory[PATH_MAX];
  char socket_path[sizeof(((struct sockaddr_un *)0)->sun_path)];
} setup;

static int socket_path_of(setup *s) {
  if (!realpath(s->hookwire, s->hookwire_real)) return -1;
  if (runtime_directory(s->directory, sizeof s->directory) < 0) return -1;
  int n = snprintf(s->socket_path, sizeof s->socket_path, "%s/daemon-%s-%08x.sock", s->directory,
                   HOOKWIRE_VERSION, fnv1a(s->hookwire_real));
  /* 103: what macOS's 104-byte sun_path holds, on every platform, as src/cli/daemon/daemon-socket.ts has it. */
  return n < 0 || n > 103 ? -1 : 0;
}

/* HELLO_LIMIT_MS and WAIT_LIMIT_MS, or both HOOKWIRE_CLIENT_WAIT_MS when set (tests; slow machines). */
static int hello_limit_ms = HELLO_LIMIT_MS, wait_limit_ms = WAIT_LIMIT_MS;

/* Connected and greeted by a daemon of our own user, protocol and version; -1 otherwise. */
static int connect_daemon(const setup *s) {
  struct sockaddr_un address;
  memset(&address, 0, sizeof address);
  address.sun_family = AF_UNIX;
  memcpy(address.sun_path, s->socket_path, strlen(s->socket_path) + 1);
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  fcntl(fd, F_SETFD, FD_CLOEXEC);
#ifdef SO_NOSIGPIPE
  int on = 1;
  setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
  /* A listener whose backlog is full makes connect() wait: bounded like the hello. */
  struct timeval limit = {.tv_sec = hello_limit_ms / 1000, .tv_usec = (hello_limit_ms % 1000) * 1000};
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
  if (connect(fd, (struct sockaddr *)&address, sizeof address) < 0) goto refuse;
#ifdef SO_PEERCRED
  struct ucred peer;
  socklen_t length = sizeof peer;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &length) < 0 || peer.uid != getuid()) goto refuse;
#else
  uid_t peer_uid;
  gid_t peer_gid;
  if (getpeereid(fd, &peer_uid, &peer_gid) < 0 || peer_uid != getuid()) goto refuse;
#endif
  char hello[12];
  long long deadline = now_ms() + hello_limit_ms;
  if (read_within(fd, hello, sizeof hello, hello_limit_ms) < 0 || memcmp(hello, "HWH1", 4) != 0 ||
      read_u32(hello + 4) != PROTOCOL)
    goto refuse;
  uint32_t version_length = read_u32(hello + 8);
  char version[64];
  long long left = deadline - now_ms();
  if (version_length >= sizeof version || left < 0 || read_within(fd, version, version_length, (int)left) < 0)
    goto refuse;
  version[version_length] = '\0';
  if (strcmp(version, HOOKWIRE_VERSION) != 0) goto refuse;
  return fd;
refuse:
  close(fd);
  return -1;
}

static int start_failed_recently(const char *marker) {
  struct stat status;
  return lstat(marker, &status) == 0 && S_ISREG(status.st_mode) &&
         time(NULL) - status.st_mtime < START_BACKOFF_SECONDS;
}

/*
 * Under an exclusive lock, so that concurrent first events start one daemon: connect again (another client
 * may just have started it), else start it in a session of its own (a double fork: not our child, not in
 * the host's process group, so the host's signal to our group never reaches it) with a pipe on fd 3 that
 * it writes to once it listens, and wait for that.
 */
static int start_daemon(const setup *s) {
  char lock_path[PATH_MAX + 32], marker[PATH_MAX + 32];
  snprintf(lock_path, sizeof lock_path, "%s/daemon.lock", s->directory);
  snprintf(marker, sizeof marker, "%s/start-failed", s->directory);
  if (getenv("HOOKWIRE_DAEMON") && strcmp(getenv("HOOKWIRE_DAEMON"), "0") == 0) return -1;
  if (start_failed_recently(marker)) return -1;
  int lock = open(lock_path, O_CREAT | O_RDWR | O_NOFOLLOW, 0600);
  if (lock < 0) return -1;
  fcntl(lock, F_SETFD, FD_CLOEXEC);
  int fd = -1;
  /* Bounded: a client holding the lock waits START_LIMIT_MS for its daemon, then a hello. */
  long long deadline = now_ms() + START_LIMIT_MS + 2 * hello_limit_ms;
  while (flock(lock, LOCK_EX | LOCK_NB) < 0) {
    if ((errno != EWOULDBLOCK && errno != EINTR) || now_ms() > deadline) goto done;
    usleep(5000);
  }
  fd = connect_daemon(s);
  if (fd >= 0) goto done;
  int ready[2];
  if (pipe(ready) < 0) goto done;
  pid_t first = fork();
  if (first == 0) {
    setsid();
    if (fork() != 0) _exit(0);
    /* The lock first: it may be fd 3, where the ready pipe goes. */
    close(lock);
    close(ready[0]);
    int null = open("/dev/null", O_RDWR);
    dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
    if (ready[1] != 3) {
      dup2(ready[1], 3);
      close(ready[1]);
    }
    if (null > 3) close(null);
    signal(SIGPIPE, original_sigpipe);
    char *args[] = {(char *)s->node, (char *)s->hookwire_real, "daemon", "--socket", (char *)s->socket_path,
                    "--ready-fd", "3", NULL};
    execvp(s->node, args);
    _exit(127);
  }
  close(ready[1]);
  if (first > 0) waitpid(first, NULL, 0);
  char byte;
  if (first > 0 && wait_for(ready[0], POLLIN, START_LIMIT_MS) == 0 && read(ready[0], &byte, 1) == 1)
    fd = connect_daemon(s);
  close(ready[0]);
  if (fd < 0) {
    int failed = open(marker, O_CREAT | O_WRONLY | O_TRUNC | O_NOFOLLOW, 0600);
    if (failed >= 0) close(failed);
  }
done:
  close(lock);
  return fd;
}

/*
 * Runs `node FILE run ARGS...` in our place, with its stdin replayed by a writer process: the input we read,
 * then, when `more` (an input past INPUT_LIMIT), the rest of our stdin as it comes, so that Node sees every
 * byte of it. Whatever keeps it from seeing the whole input fails closed here instead.
 */
static void fall_back(const setup *s, int argc, char **argv, const buffer *input, int more) {
  char reason[256];
  int replay[2];
  if (pipe(replay) < 0) {
    snprintf(reason, sizeof reason, "cannot replay the input to %s: %s", s->node, strerror(errno));
    fail_closed(reason);
  }
  pid_t writer = fork();
  if (writer < 0) {
    snprintf(reason, sizeof reason, "cannot replay the input to %s: %s", s->node, strerror(errno));
    fail_closed(reason);
  }
  if (writer == 0) {
    /* Not the host's stdout or stderr: the host reading them to their end must not wait for us. */
    close(1);
    close(2);
    close(replay[0]);
    if (write_all(replay[1], input->data, input->length) < 0) _exit(0);
    if (more) {
      char chunk[65536];
      for (;;) {
        ssize_t r = read(0, chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0 || write_all(replay[1], chunk, (size_t)r) < 0) break;
      }
    }
    _exit(0);
  }
  close(replay[1]);
  if (dup2(replay[0], 0) < 0) fail_closed("cannot replay the input to Node");
  close(replay[0]);
  char **args = calloc((size_t)argc + 3, sizeof *args);
  if (!args) fail_closed("out of memory");
  int k = 0;
  args[k++] = (char *)s->node;
  args[k++] = (char *)s->hookwire;
  for (int i = 0; i < argc; i++) args[k++] = argv[i];
  signal(SIGPIPE, original_sigpipe);
  execvp(s->node, args);
  snprintf(reason, sizeof reason, "cannot run %s %s: %s", s->node, s->hookwire, strerror(errno));
  fail_closed(reason);
}

/* Whether the `run` arguments name an event the host does not wait for (not as an option's value). */
static int host_does_not_wait(int argc, char **argv) {
  static const char *const valued[] = {"--settings", "--plugin", "--trace", "--on-config-error",
                                       "--on-untrusted"};
  for (int i = 1; i < argc; i++) {
    int is_value = 0;
    for (size_t v = 0; v < sizeof valued / sizeof *valued; v++)
      if (strcmp(argv[i - 1], valued[v]) == 0) is_value = 1;
    if (is_value) continue;
    for (size_t e = 0; e < sizeof HOST_DOES_NOT_WAIT / sizeof *HOST_DOES_NOT_WAIT; e++)
      if (strcmp(argv[i], HOST_DOES_NOT_WAIT[e]) == 0) return 1;
  }
  return 0;
}

/*
 * Continues in a forked copy in a session of its own, stdio on /dev/null (a host reading our stdout to its
 * end must not wait for the event), SIGTERM back to its default; this process exits 0 once the copy has
 * called setsid(), so the group the host signals is left empty. When fork fails, the event is delivered
 * attached, as best it can be. `keep_stdin`: the input is not all read yet (past INPUT_LIMIT).
 */
static void detach_from_host(int keep_stdin) {
  int left[2];
  if (pipe(left) < 0) return;
  pid_t copy = fork();
  if (copy < 0) {
    close(left[0]);
    close(left[1]);
    return;
  }
  if (copy > 0) {
    char byte;
    close(left[1]);
    while (read(left[0], &byte, 1) < 0 && errno == EINTR) {
    }
    _exit(0);
  }
  setsid();
  close(left[0]);
  close(left[1]);
  int null = open("/dev/null", O_RDWR);
  if (null >= 0) {
    if (!keep_stdin) dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
    if (null > 2) close(null);
  }
  signal(SIGTERM, SIG_DFL);
}

/* dist/hookwire.cjs of the hookwire package this client was installed with, found from our own path. */
static const char *find_hookwire(void) {
  static char self[PATH_MAX], candidate[PATH_MAX + 64];
#ifdef __APPLE__
  char raw[PATH_MAX];
  uint32_t size = sizeof raw;
  if (_NSGetExecutablePath(raw, &size) != 0 || !realpath(raw, self)) return NULL;
#else
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n < 0) return NULL;
  self[n] = '\0';
#endif
  char *slash = strrchr(self, '/');
  if (!slash) return NULL;
  *slash = '\0'; /* .../hookwire/bin, or .../@hookwire/client-<os>-<cpu>/bin */
  /* Copied into hookwire's bin/ by its install step; else in the client package, nested in hookwire's
   * node_modules or hoisted beside it; else in this repository's npm/ folder. */
  const char *relative[] = {"../dist/hookwire.cjs", "../../../../dist/hookwire.cjs",
                            "../../../hookwire/dist/hookwire.cjs", "../../../dist/hookwire.cjs"};
  for (size_t i = 0; i < sizeof relative / sizeof *relative; i++) {
    snprintf(candidate, sizeof candidate, "%s/%s", self, relative[i]);
    if (access(candidate, R_OK) == 0) return candidate;
  }
  return NULL;
}

int main(int argc, char **argv) {
  /* A daemon that closes while we write must not kill us (exit 141 would allow the event). */
  original_sigpipe = signal(SIGPIPE, SIG_IGN);
  if (original_sigpipe == SIG_ERR) original_sigpipe = SIG_DFL;
  const char *wait_variable = getenv("HOOKWIRE_CLIENT_WAIT_MS");
  if (wait_variable && atoi(wait_variable) > 0) hello_limit_ms = wait_limit_ms = atoi(wait_variable);
  setup s;
  memset(&s, 0, sizeof s);
  s.node = "node";
  int first = 1;
  for (; first < argc; first++) {
    if (strcmp(argv[first], "--hookwire") == 0 && first + 1 < argc) s.hookwire = argv[++first];
    else if (strcmp(argv[first], "--node") == 0 && first + 1 < argc) s.node = argv[++first];
    else break;
  }
  const char *command = first < argc ? argv[first] : "";
  int detached = strcmp(command, "run") == 0 && host_does_not_wait(argc - first, argv + first);
  if (detached) signal(SIGTERM, SIG_IGN);
  if (strcmp(command, "--noop") == 0) return 0;
  if (strcmp(command, "--spawner") == 0) return run_spawner();
  if (strcmp(command, "--version") == 0) {
    puts(HOOKWIRE_VERSION);
    return 0;
  }
  if (!s.hookwire) s.hookwire = find_hookwire();
  if (!s.hookwire) {
    fputs("hookwire-client: cannot find hookwire's dist/hookwire.cjs; pass --hookwire FILE\n", stderr);
    return OWN_FAILURE;
  }
  /*
   * A --hookwire FILE that is gone (hookwire uninstalled or moved) is a program that cannot start: the shell's
   * own status for that, which the entries `hookwire init` writes turn into the host's block for the event
   * (docs/reliability.md, "A missing hookwire blocks"). Node given the missing file would exit 1: allow.
   */
  if (strcmp(command, "run") == 0 && access(s.hookwire, R_OK) != 0) {
    fprintf(stderr, "hookwire-client: cannot read --hookwire %s: %s\n", s.hookwire, strerror(errno));
    return NOT_FOUND;
  }
  int usable = socket_path_of(&s) == 0;
  if (strcmp(command, "--socket-path") == 0) {
    if (!usable) return 1;
    puts(s.socket_path);
    return 0;
  }
  buffer input = {0};
  int more = read_input(0, &input, INPUT_LIMIT);
  if (more < 0) {
    char reason[128];
    snprintf(reason, sizeof reason, "cannot read the hook input on stdin: %s", strerror(errno));
    fail_closed(reason);
  }
  /* Past the limit, the whole input (the rest streamed) goes to Node: never a cut one anywhere. */
  if (more) usable = 0;
  /* Every command other than `run` is Node's: the daemon serves events only. */
  if (strcmp(command, "run") != 0) usable = 0;
  if (detached) detach_from_host(more);

  buffer request = {0};
  append(&request, "HWQ1", 4);
  append_u32(&request, 0); /* the length of what follows, set below */
  append_u32(&request, PROTOCOL);
  append_u32(&request, (uint32_t)(argc - first));
  for (int i = first; i < argc; i++) append_text(&request, argv[i]);
  char cwd[PATH_MAX];
  append_text(&request, getcwd(cwd, sizeof cwd) ? cwd : "");
  uint32_t count = 0;
  for (char **variable = environ; *variable; variable++) count++;
  append_u32(&request, count);
  for (char **variable = environ; *variable; variable++) append_text(&request, *variable);
  append_u32(&request, (uint32_t)input.length);
  append(&request, input.data, input.length);
  uint32_t body = (uint32_t)(request.length - 8);
  unsigned char length_bytes[4] = {body & 0xff, (body >> 8) & 0xff, (body >> 16) & 0xff, (body >> 24) & 0xff};
  memcpy(request.data + 4, length_bytes, 4);
  /* One the daemon would refuse goes to Node (the arguments and environment can be large too). */
  if (request.length > REQUEST_LIMIT) usable = 0;

  int fd = -1;
  if (usable) {
    fd = connect_daemon(&s);
    if (fd < 0) fd = start_daemon(&s);
  }
  if (fd < 0) fall_back(&s, argc - first, argv + first, &input, more);

  buffer answer = {0};
  /* No half-close: the daemon takes the end of this connection before its answer as our death. */
  snprintf(failure, sizeof failure, "the connection ended first");
  if (send_within(fd, request.data, request.length, wait_limit_ms) < 0 ||
      read_answer(fd, &answer, ANSWER_LIMIT, wait_limit_ms) < 0 || answer.length == 0) {
    char reason[512];
    snprintf(reason, sizeof reason,
             "the hookwire daemon took the event but gave no answer (%s; it may have been killed); the "
             "event was not run again. See the daemon's log in its runtime directory",
             failure);
    fail_closed(reason);
  }
  if (answer.length < 16 || memcmp(answer.data, "HWA1", 4) != 0) goto malformed;
  uint32_t code = read_u32(answer.data + 4);
  size_t out_length = read_u32(answer.data + 8);
  if (code > 255 || out_length + 16 > answer.length) goto malformed;
  size_t err_length = read_u32(answer.data + 12 + out_length);
  if (out_length + err_length + 16 != answer.length) goto malformed;
  /* A host that closed our stdout or stderr still gets the answer's code (SIGPIPE is ignored). */
  write_all(1, answer.data + 12, out_length);
  write_all(2, answer.data + 16 + out_length, err_length);
  return (int)code;
malformed:
  fail_closed("the hookwire daemon's answer is malformed; the event was not run again");
  return OWN_FAILURE;
}
