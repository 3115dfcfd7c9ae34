/*
 * Whole-process timing, interleaved: each round runs every command once, in a fresh random order, with the
 * same file on stdin and stdout/stderr on a pipe (as a host runs a hook) or /dev/null; prints per command
 * the median wall time and the median CPU time (user + system, from wait4) with their quartiles, and the
 * difference to the first command. CPU time moves less than wall time on a machine others are loading.
 *
 *   gcc -O2 -o /tmp/interleaved-runs bench/prototypes/interleaved-runs.c
 *   /tmp/interleaved-runs ROUNDS WARMUP STDIN_FILE 'node -e 0' 'node dist/hookwire.cjs run --settings F' ...
 *
 * Commands are split on spaces (no shell, no quoting). INTERLEAVED_STDOUT=null sends output to /dev/null.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}
static int ascending(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static double quantile(const double *values, int n, double p) {
  double *sorted = malloc(n * sizeof *sorted);
  memcpy(sorted, values, n * sizeof *sorted);
  qsort(sorted, n, sizeof *sorted, ascending);
  double result = sorted[(int)(p * (n - 1) + 0.5)];
  free(sorted);
  return result;
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: %s ROUNDS WARMUP STDIN_FILE COMMAND...\n", argv[0]);
    return 2;
  }
  int rounds = atoi(argv[1]), warmup = atoi(argv[2]), count = argc - 4;
  const char *input = argv[3];
  int to_null = getenv("INTERLEAVED_STDOUT") && strcmp(getenv("INTERLEAVED_STDOUT"), "null") == 0;
  char ***commands = malloc(count * sizeof *commands);
  for (int c = 0; c < count; c++) {
    char *copy = strdup(argv[4 + c]);
    char **words = calloc(64, sizeof *words);
    int k = 0;
    for (char *word = strtok(copy, " "); word && k < 63; word = strtok(NULL, " ")) words[k++] = word;
    commands[c] = words;
  }
  double *wall = calloc((size_t)count * rounds, sizeof *wall), *cpu = calloc((size_t)count * rounds, sizeof *cpu);
  int *order = malloc(count * sizeof *order);
  srand((unsigned)getpid());
  for (int round = -warmup; round < rounds; round++) {
    for (int i = 0; i < count; i++) order[i] = i;
    for (int i = count - 1; i > 0; i--) {
      int j = rand() % (i + 1), swap = order[i];
      order[i] = order[j];
      order[j] = swap;
    }
    for (int i = 0; i < count; i++) {
      int c = order[i], output[2] = {-1, -1};
      if (!to_null && pipe(output) < 0) return 1;
      double start = now_ms();
      pid_t child = fork();
      if (child == 0) {
        dup2(open(input, O_RDONLY), 0);
        int out = to_null ? open("/dev/null", O_WRONLY) : output[1];
        dup2(out, 1);
        dup2(out, 2);
        execvp(commands[c][0], commands[c]);
        _exit(127);
      }
      if (output[1] >= 0) close(output[1]);
      /* Outputs are small: the pipe buffer holds them, and the read end is closed once the child is gone. */
      int status;
      struct rusage usage;
      wait4(child, &status, 0, &usage);
      double end = now_ms();
      if (output[0] >= 0) close(output[0]);
      if (!WIFEXITED(status) || WEXITSTATUS(status) == 127) fprintf(stderr, "%s: did not run\n", argv[4 + c]);
      if (round < 0) continue;
      wall[c * rounds + round] = end - start;
      cpu[c * rounds + round] = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 +
                                (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
    }
  }
  double wall0 = quantile(wall, rounds, 0.5), cpu0 = quantile(cpu, rounds, 0.5);
  for (int c = 0; c < count; c++) {
    const double *w = wall + c * rounds, *u = cpu + c * rounds;
    double wall_median = quantile(w, rounds, 0.5), cpu_median = quantile(u, rounds, 0.5);
    printf("%-64.64s wall %7.1f ms [%.1f-%.1f] %+6.1f   cpu %7.1f ms [%.1f-%.1f] %+6.1f   n=%d\n", argv[4 + c],
           wall_median, quantile(w, rounds, 0.25), quantile(w, rounds, 0.75), wall_median - wall0, cpu_median,
           quantile(u, rounds, 0.25), quantile(u, rounds, 0.75), cpu_median - cpu0, rounds);
  }
  return 0;
}
