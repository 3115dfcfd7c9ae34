/*
 * `hookwire-client --spawner`: the daemon's spawn helper (docs/daemon.md, "Spawning hooks"). fork() copies
 * the page tables of the process that calls it, and the daemon is a Node process of 60-70 MB: each hook
 * spawned from it waits milliseconds for that copy. This process is a few hundred KB; the daemon starts it
 * once and asks it to start each hook, exactly as libuv would from the daemon: its own session (setsid),
 * stdin, stdout and stderr on socket pairs, the hook's environment and cwd, the program found on the hook's
 * own PATH. It relays the hook's output and exit status; everything else (timeouts, the kill of the whole
 * group, the capture's cap, the leftovers) stays in the daemon, which signals the hook's group itself.
 *
 * Included by hookwire-client.c (one translation unit: the build compiles one file). It speaks on its stdin
 * (requests) and stdout (replies), set up by the daemon; it ends when its stdin ends (the daemon is gone),
 * killing the groups of the hooks still running.
 *
 * Frames, integers u32 little-endian, strings as u32 length + bytes, each frame `length type id body`:
 *   helper, at start:   "HWS1"
 *   daemon -> helper:   'S' id file argc argv... cwd envc env... stdin    start a hook
 *                       'C' id                                            close our ends of its stdio
 *   helper -> daemon:   'P' id pid | 'F' id errno                         started, or not (nothing runs)
 *                       'O' id stream bytes                               output (stream 1 or 2)
 *                       'D' id stream                                     that stream reached its end
 *                       'X' id code signal                                exited (code, or the signal: code 0)
 */

#define SPAWNER_MAX_REQUEST (64u << 20)

typedef struct spawned {
  uint32_t id;
  pid_t pid;
  int fds[3]; /* our ends: stdin (writing), stdout, stderr (reading); -1 once closed */
  char *input;
  size_t input_length, input_written;
  int exited;
  struct spawned *next;
} spawned;

static spawned *spawned_list;
static int child_signal_pipe[2] = {-1, -1};

static void on_child_signal(int signal_number) {
  (void)signal_number;
  int saved = errno;
  ssize_t ignored = write(child_signal_pipe[1], "c", 1);
  (void)ignored;
  errno = saved;
}

static void put_u32(unsigned char *at, uint32_t value) {
  for (int i = 0; i < 4; i++) at[i] = (unsigned char)(value >> (8 * i));
}

static uint32_t get_u32(const unsigned char *at) {
  return (uint32_t)at[0] | (uint32_t)at[1] << 8 | (uint32_t)at[2] << 16 | (uint32_t)at[3] << 24;
}

/* Blocking: the daemon always reads (its writes are queued by Node, never waiting on ours). */
static void write_all_or_exit(const void *data, size_t length) {
  const char *at = data;
  while (length > 0) {
    ssize_t written = write(1, at, length);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) _exit(0);
    at += written;
    length -= (size_t)written;
  }
}

static void reply(char type, uint32_t id, const uint32_t *numbers, int count, const void *bytes, size_t length) {
  unsigned char head[4 + 1 + 4 + 8];
  size_t head_length = 4 + 1 + 4 + 4 * (size_t)count;
  put_u32(head, (uint32_t)(head_length - 4 + length));
  head[4] = (unsigned char)type;
  put_u32(head + 5, id);
  for (int i = 0; i < count; i++) put_u32(head + 9 + 4 * i, numbers[i]);
  write_all_or_exit(head, head_length);
  if (length > 0) write_all_or_exit(bytes, length);
}

/* Close-on-exec by fcntl, not pipe2/SOCK_CLOEXEC, which macOS lacks (this process has one thread). */
static int cloexec(int fd) {
  int flags = fcntl(fd, F_GETFD);
  return flags < 0 ? -1 : fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

static int cloexec_pair(int fds[2], int sockets) {
  if ((sockets ? socketpair(AF_UNIX, SOCK_STREAM, 0, fds) : pipe(fds)) != 0) return -1;
  return cloexec(fds[0]) == 0 && cloexec(fds[1]) == 0 ? 0 : -1;
}

static void close_fd(int *fd) {
  if (*fd >= 0) close(*fd);
  *fd = -1;
}

/* A record is done once the hook exited and its three streams are closed on our side. */
static void forget_finished(void) {
  for (spawned **link = &spawned_list; *link;) {
    spawned *entry = *link;
    if (entry->exited && entry->fds[0] < 0 && entry->fds[1] < 0 && entry->fds[2] < 0) {
      *link = entry->next;
      free(entry->input);
      free(entry);
    } else {
      link = &entry->next;
    }
  }
}

/* Reads one string (u32 length + bytes) as a NUL-terminated copy; NULL when the frame is short. */
static char *read_sized(const unsigned char **at, const unsigned char *end, size_t *size) {
  if (end - *at < 4) return NULL;
  uint32_t length = get_u32(*at);
  *at += 4;
  if ((size_t)(end - *at) < length) return NULL;
  char *copy = malloc((size_t)length + 1);
  if (!copy) return NULL;
  memcpy(copy, *at, length);
  copy[length] = '\0';
  *at += length;
  if (size) *size = length;
  return copy;
}

static char *read_string(const unsigned char **at, const unsigned char *end) {
  return read_sized(at, end, NULL);
}

static void free_strings(char **strings) {
  if (!strings) return;
  for (char **at = strings; *at; at++) free(*at);
  free(strings);
}

static char **read_strings(const unsigned char **at, const unsigned char *end) {
  if (end - *at < 4) return NULL;
  uint32_t count = get_u32(*at);
  *at += 4;
  if (count > (uint32_t)(end - *at) / 4) return NULL;
  char **strings = calloc((size_t)count + 1, sizeof *strings);
  if (!strings) return NULL;
  for (uint32_t i = 0; i < count; i++) {
    strings[i] = read_string(at, end);
    if (!strings[i]) {
      free_strings(strings);
      return NULL;
    }
  }
  return strings;
}

/*
 * In the child: what libuv does for a detached child with piped stdio. Only async-signal-safe calls; an
 * error is written to the status pipe (close-on-exec: an exec that succeeds closes it empty).
 */
static void become_hook(int status_fd, int stdio[3], const char *file, char **argv, const char *cwd, char **env) {
  sigset_t none;
  sigemptyset(&none);
  signal(SIGPIPE, SIG_DFL);
  signal(SIGCHLD, SIG_DFL);
  sigprocmask(SIG_SETMASK, &none, NULL);
  setsid();
  for (int i = 0; i < 3; i++) {
    if (stdio[i] == i) {
      int flags = fcntl(i, F_GETFD);
      if (flags >= 0) fcntl(i, F_SETFD, flags & ~FD_CLOEXEC);
    } else if (dup2(stdio[i], i) < 0) {
      goto failed;
    }
  }
  if (chdir(cwd) != 0) goto failed;
  extern char **environ;
  environ = env; /* execvp searches the hook's own PATH, as libuv's spawn does */
  execvp(file, argv);
failed:;
  int error = errno;
  ssize_t ignored = write(status_fd, &error, sizeof error);
  (void)ignored;
  _exit(127);
}

static void start_hook(uint32_t id, const unsigned char *at, const unsigned char *end) {
  char *file = read_string(&at, end);
  char **argv = file ? read_strings(&at, end) : NULL;
  char *cwd = argv ? read_string(&at, end) : NULL;
  char **env = cwd ? read_strings(&at, end) : NULL;
  size_t input_length = 0;
  char *input = env ? read_sized(&at, end, &input_length) : NULL;
  uint32_t error = EINVAL;
  int pairs[3][2] = {{-1, -1}, {-1, -1}, {-1, -1}};
  int status[2] = {-1, -1};
  pid_t pid = -1;
  if (!input || !argv[0]) goto done;
  for (int i = 0; i < 3; i++) {
    if (cloexec_pair(pairs[i], 1) != 0) goto failed;
  }
  if (cloexec_pair(status, 0) != 0) goto failed;
  pid = fork();
  if (pid < 0) goto failed;
  if (pid == 0) {
    int stdio[3] = {pairs[0][1], pairs[1][1], pairs[2][1]};
    become_hook(status[1], stdio, file, argv, cwd, env);
  }
  close_fd(&status[1]);
  int child_error = 0;
  ssize_t got;
  do got = read(status[0], &child_error, sizeof child_error);
  while (got < 0 && errno == EINTR);
  close_fd(&status[0]);
  if (got > 0) {
    /* The exec failed: nothing ran. Reap it here; the daemon hears of it as a spawn error. */
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {
    }
    error = (uint32_t)child_error;
    goto done;
  }
  spawned *entry = calloc(1, sizeof *entry);
  if (!entry) {
    kill(-pid, SIGKILL);
    error = ENOMEM;
    goto done;
  }
  entry->id = id;
  entry->pid = pid;
  for (int i = 0; i < 3; i++) {
    entry->fds[i] = pairs[i][0];
    close_fd(&pairs[i][1]);
    pairs[i][0] = -1;
  }
  fcntl(entry->fds[0], F_SETFL, fcntl(entry->fds[0], F_GETFL) | O_NONBLOCK);
  entry->input = input;
  entry->input_length = input_length;
  input = NULL;
  if (entry->input_length == 0) close_fd(&entry->fds[0]);
  entry->next = spawned_list;
  spawned_list = entry;
  uint32_t started[] = {(uint32_t)pid};
  reply('P', id, started, 1, NULL, 0);
  free(file);
  free_strings(argv);
  free(cwd);
  free_strings(env);
  return;
failed:
  error = (uint32_t)errno;
done:
  for (int i = 0; i < 3; i++) {
    close_fd(&pairs[i][0]);
    close_fd(&pairs[i][1]);
  }
  close_fd(&status[0]);
  close_fd(&status[1]);
  uint32_t failure[] = {error};
  reply('F', id, failure, 1, NULL, 0);
  free(file);
  free_strings(argv);
  free(cwd);
  free_strings(env);
  free(input);
}

static spawned *spawned_by_id(uint32_t id) {
  for (spawned *entry = spawned_list; entry; entry = entry->next)
    if (entry->id == id) return entry;
  return NULL;
}

/* The daemon is done with a hook's pipes (it settled the hook): a background child may still hold them. */
static void close_streams(uint32_t id) {
  spawned *entry = spawned_by_id(id);
  if (!entry) return;
  for (int i = 0; i < 3; i++) close_fd(&entry->fds[i]);
}

static void reap_children(void) {
  int status;
  pid_t pid;
  while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
    for (spawned *entry = spawned_list; entry; entry = entry->next) {
      if (entry->pid != pid || entry->exited) continue;
      entry->exited = 1;
      uint32_t ending[] = {WIFEXITED(status) ? (uint32_t)WEXITSTATUS(status) : 0,
                           WIFSIGNALED(status) ? (uint32_t)WTERMSIG(status) : 0};
      reply('X', entry->id, ending, 2, NULL, 0);
    }
  }
}

/* Our stdin ended: the daemon is gone. Hooks it started must not outlive it unbounded. */
static void end_everything(void) {
  for (spawned *entry = spawned_list; entry; entry = entry->next)
    if (!entry->exited) kill(-entry->pid, SIGKILL);
  _exit(0);
}

static void handle_frame(const unsigned char *frame, size_t length) {
  if (length < 5) return;
  uint32_t id = get_u32(frame + 1);
  if (frame[0] == 'S') start_hook(id, frame + 5, frame + length);
  else if (frame[0] == 'C') close_streams(id);
}

static void relay_output(spawned *entry, int stream) {
  char chunk[65536];
  ssize_t got = read(entry->fds[stream], chunk, sizeof chunk);
  if (got < 0 && (errno == EINTR || errno == EAGAIN)) return;
  uint32_t which[] = {(uint32_t)stream};
  if (got > 0) {
    reply('O', entry->id, which, 1, chunk, (size_t)got);
    return;
  }
  close_fd(&entry->fds[stream]);
  reply('D', entry->id, which, 1, NULL, 0);
}

static void feed_input(spawned *entry) {
  ssize_t written = write(entry->fds[0], entry->input + entry->input_written,
                          entry->input_length - entry->input_written);
  if (written < 0 && (errno == EINTR || errno == EAGAIN)) return;
  /* A hook that exits or closes stdin before reading it all has that right (EPIPE): it gets no more. */
  if (written > 0) entry->input_written += (size_t)written;
  if (written <= 0 || entry->input_written == entry->input_length) {
    close_fd(&entry->fds[0]);
    free(entry->input);
    entry->input = NULL;
  }
}

static int run_spawner(void) {
  signal(SIGPIPE, SIG_IGN);
  if (cloexec_pair(child_signal_pipe, 0) != 0) return 1;
  for (int i = 0; i < 2; i++) fcntl(child_signal_pipe[i], F_SETFL, fcntl(child_signal_pipe[i], F_GETFL) | O_NONBLOCK);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_child_signal;
  action.sa_flags = SA_RESTART | SA_NOCLDSTOP;
  sigaction(SIGCHLD, &action, NULL);
  for (int fd = 0; fd < 2; fd++) cloexec(fd);
  write_all_or_exit("HWS1", 4);
  unsigned char *request = NULL;
  size_t request_length = 0, request_capacity = 0;
  struct pollfd *polled = NULL;
  spawned **owners = NULL;
  int *streams = NULL;
  size_t capacity = 0;
  for (;;) {
    forget_finished();
    size_t wanted = 2;
    for (spawned *entry = spawned_list; entry; entry = entry->next) wanted += 3;
    if (wanted > capacity) {
      capacity = wanted * 2;
      polled = realloc(polled, capacity * sizeof *polled);
      owners = realloc(owners, capacity * sizeof *owners);
      streams = realloc(streams, capacity * sizeof *streams);
      if (!polled || !owners || !streams) return 1;
    }
    size_t count = 0;
    polled[count++] = (struct pollfd){.fd = 0, .events = POLLIN};
    polled[count++] = (struct pollfd){.fd = child_signal_pipe[0], .events = POLLIN};
    for (spawned *entry = spawned_list; entry; entry = entry->next) {
      for (int stream = 0; stream < 3; stream++) {
        if (entry->fds[stream] < 0) continue;
        owners[count] = entry;
        streams[count] = stream;
        polled[count++] = (struct pollfd){.fd = entry->fds[stream], .events = stream == 0 ? POLLOUT : POLLIN};
      }
    }
    if (poll(polled, count, -1) < 0) {
      if (errno == EINTR) continue;
      return 1;
    }
    if (polled[1].revents) {
      char drained[64];
      while (read(child_signal_pipe[0], drained, sizeof drained) > 0) {
      }
    }
    /* Output before exits, so that a hook's last bytes are sent before the daemon hears it exited. */
    for (size_t i = 2; i < count; i++) {
      if (!polled[i].revents || owners[i]->fds[streams[i]] != polled[i].fd) continue;
      if (streams[i] == 0) feed_input(owners[i]);
      else relay_output(owners[i], streams[i]);
    }
    if (polled[1].revents) reap_children();
    if (polled[0].revents) {
      if (request_capacity - request_length < 65536) {
        request_capacity = request_capacity * 2 + 65536;
        request = realloc(request, request_capacity);
        if (!request) return 1;
      }
      ssize_t got = read(0, request + request_length, request_capacity - request_length);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) end_everything();
      request_length += (size_t)got;
      size_t used = 0;
      while (request_length - used >= 4) {
        uint32_t length = get_u32(request + used);
        if (length > SPAWNER_MAX_REQUEST) end_everything();
        if (request_length - used - 4 < length) break;
        handle_frame(request + used + 4, length);
        used += 4 + (size_t)length;
      }
      memmove(request, request + used, request_length - used);
      request_length -= used;
    }
  }
}
