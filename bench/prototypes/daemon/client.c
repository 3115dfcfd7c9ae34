/*
 * Prototype of a native `hookwire run` client (docs/daemon.md): hands the event (arguments, cwd, environment,
 * stdin) to the user's warm hookwire daemon over a Unix socket, prints its answer and exits with its code.
 * Not the product: it measures what such a client costs and shows the start protocol.
 *
 *   gcc -O2 -o .tmp/hookwire-client bench/prototypes/daemon/client.c
 *   HOOKWIRE_DAEMON_COMMAND="exec node $PWD/.tmp/hookwire-daemon.mjs" .tmp/hookwire-client run --settings F < P
 *
 * (docs/daemon.md builds .tmp/hookwire-daemon.mjs from daemon.ts.)
 * When no daemon answers, it starts one (HOOKWIRE_DAEMON_COMMAND, run by /bin/sh) under an exclusive lock,
 * in a session of its own, and waits until it listens; when that fails, it execs the Node `hookwire run`
 * (HOOKWIRE_NODE_FALLBACK, default `hookwire`) with the stdin it already read replayed through a pipe.
 *
 * Wire format, integers u32 little-endian, strings as u32 length + bytes:
 *   daemon, on accepting:  "HWH1" protocol
 *   client request:        "HWQ1" protocol argc args... cwd envc env... stdin
 *   daemon answer:         "HWA1" exit_code stdout stderr
 * The hello is what makes a retry safe: without it the daemon never saw the event (it was exiting, or
 * another version), so the client may start a daemon or fall back; after it, a missing answer is an error.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROTOCOL 1
#define START_LIMIT_MS 10000
extern char **environ;

typedef struct {
  char *data;
  size_t length, capacity;
} buffer;

static void append(buffer *b, const void *bytes, size_t n) {
  if (b->length + n > b->capacity) {
    b->capacity = (b->length + n) * 2 + 4096;
    b->data = realloc(b->data, b->capacity);
    if (!b->data) exit(1);
  }
  memcpy(b->data + b->length, bytes, n);
  b->length += n;
}
static void append_u32(buffer *b, uint32_t v) { append(b, &v, 4); }
static void append_text(buffer *b, const char *s) {
  append_u32(b, (uint32_t)strlen(s));
  append(b, s, strlen(s));
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
static int read_all(int fd, buffer *b) {
  char chunk[65536];
  for (;;) {
    ssize_t r = read(fd, chunk, sizeof chunk);
    if (r < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    if (r == 0) return 0;
    append(b, chunk, (size_t)r);
  }
}
static int read_exactly(int fd, char *p, size_t n) {
  while (n > 0) {
    ssize_t r = read(fd, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return -1;
    p += r;
    n -= (size_t)r;
  }
  return 0;
}

/* $XDG_RUNTIME_DIR/hookwire, else /tmp/hookwire-<uid>: created 0700, and refused unless private and ours. */
static int runtime_directory(char *out, size_t size) {
  const char *runtime = getenv("XDG_RUNTIME_DIR");
  if (runtime && runtime[0] == '/') snprintf(out, size, "%s/hookwire", runtime);
  else snprintf(out, size, "/tmp/hookwire-%u", (unsigned)getuid());
  mkdir(out, 0700);
  struct stat status;
  if (lstat(out, &status) < 0 || !S_ISDIR(status.st_mode) || status.st_uid != getuid() ||
      (status.st_mode & 077) != 0)
    return -1;
  return 0;
}

/* Connected and greeted by a daemon of our own user speaking our protocol, or -1. */
static int connect_daemon(const char *directory) {
  struct sockaddr_un address = {.sun_family = AF_UNIX};
  snprintf(address.sun_path, sizeof address.sun_path, "%s/daemon.sock", directory);
  int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
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
  char hello[8];
  uint32_t protocol;
  if (read_exactly(fd, hello, sizeof hello) < 0 || memcmp(hello, "HWH1", 4) != 0) goto refuse;
  memcpy(&protocol, hello + 4, 4);
  if (protocol != PROTOCOL) goto refuse;
  return fd;
refuse:
  close(fd);
  return -1;
}

/*
 * Under an exclusive lock, so that concurrent events start one daemon: connect again (another client may
 * just have started it), else start it in a session of its own (double fork: not our child, not in the
 * host's process group) with a pipe on fd 3 that it closes once it listens, and wait for that.
 */
static int start_daemon(const char *directory) {
  const char *command = getenv("HOOKWIRE_DAEMON_COMMAND");
  if (!command) return -1;
  char lock_path[4200];
  snprintf(lock_path, sizeof lock_path, "%s/daemon.lock", directory);
  int lock = open(lock_path, O_CREAT | O_RDWR | O_CLOEXEC, 0600);
  if (lock < 0 || flock(lock, LOCK_EX) < 0) return -1;
  int fd = connect_daemon(directory);
  if (fd >= 0) goto done;
  int ready[2];
  if (pipe(ready) < 0) goto done;
  pid_t first = fork();
  if (first == 0) {
    setsid();
    if (fork() != 0) _exit(0);
    int null = open("/dev/null", O_RDWR);
    dup2(null, 0);
    dup2(null, 1);
    dup2(null, 2);
    dup2(ready[1], 3);
    close(ready[0]);
    setenv("HOOKWIRE_DAEMON_READY_FD", "3", 1);
    execl("/bin/sh", "sh", "-c", command, (char *)NULL);
    _exit(127);
  }
  close(ready[1]);
  waitpid(first, NULL, 0);
  struct pollfd wait_ready = {.fd = ready[0], .events = POLLIN};
  char byte;
  if (poll(&wait_ready, 1, START_LIMIT_MS) == 1 && read(ready[0], &byte, 1) == 1) fd = connect_daemon(directory);
  close(ready[0]);
done:
  close(lock);
  return fd;
}

static void fall_back(int argc, char **argv, const buffer *input) {
  int replay[2];
  if (pipe(replay) == 0) {
    if (fork() == 0) {
      close(replay[0]);
      if (input->length > 0) write_all(replay[1], input->data, input->length);
      _exit(0);
    }
    close(replay[1]);
    dup2(replay[0], 0);
    close(replay[0]);
  }
  const char *node_bin = getenv("HOOKWIRE_NODE_FALLBACK");
  char **args = calloc((size_t)argc + 2, sizeof *args);
  int k = 0;
  args[k++] = (char *)(node_bin ? node_bin : "hookwire");
  for (int i = 1; i < argc; i++) args[k++] = argv[i];
  execvp(args[0], args);
  fprintf(stderr, "hookwire: no daemon, and no fallback: %s\n", strerror(errno));
  exit(1);
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "--noop") == 0) return 0;
  buffer input = {0};
  if (read_all(0, &input) < 0) input.length = 0;

  char directory[4096];
  int fd = -1;
  if (runtime_directory(directory, sizeof directory) == 0) {
    fd = connect_daemon(directory);
    if (fd < 0) fd = start_daemon(directory);
  }
  if (fd < 0) fall_back(argc, argv, &input);

  buffer request = {0};
  append(&request, "HWQ1", 4);
  append_u32(&request, PROTOCOL);
  append_u32(&request, (uint32_t)(argc - 1));
  for (int i = 1; i < argc; i++) append_text(&request, argv[i]);
  char cwd[4096];
  append_text(&request, getcwd(cwd, sizeof cwd) ? cwd : "");
  uint32_t count = 0;
  for (char **variable = environ; *variable; variable++) count++;
  append_u32(&request, count);
  for (char **variable = environ; *variable; variable++) append_text(&request, *variable);
  append_u32(&request, (uint32_t)input.length);
  if (input.length > 0) append(&request, input.data, input.length);

  buffer answer = {0};
  if (write_all(fd, request.data, request.length) < 0 || shutdown(fd, SHUT_WR) < 0 || read_all(fd, &answer) < 0 ||
      answer.length < 16 || memcmp(answer.data, "HWA1", 4) != 0) {
    /* Greeted, so the daemon may have run hooks: a non-blocking error for the host, never a second run. */
    fprintf(stderr, "hookwire: the daemon gave no answer\n");
    return 1;
  }
  uint32_t code, out_length, err_length;
  memcpy(&code, answer.data + 4, 4);
  memcpy(&out_length, answer.data + 8, 4);
  if ((size_t)out_length + 16 > answer.length) return 1;
  memcpy(&err_length, answer.data + 12 + out_length, 4);
  if ((size_t)out_length + err_length + 16 > answer.length) return 1;
  write_all(1, answer.data + 12, out_length);
  write_all(2, answer.data + 16 + out_length, err_length);
  return (int)code;
}
