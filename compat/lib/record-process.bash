# The process recorder for bash: named by BASH_ENV, so every non-interactive bash a host or hookwire starts
# (hook scripts, the harness's helpers, the host's Bash tool) sources it before its own first line and
# appends one JSON line to $PROCESS_RECORDS: what it was started with (argv, cwd, the environment it was
# given, from /proc: names, and values unless they look secret), the file descriptors it inherited, its
# process group and session, and, on exit, how long it lived and its status. Builtins only: a recorder
# that started programs would change the timing it records.
if [ -n "${PROCESS_RECORDS:-}" ] && [ -r "/proc/$BASHPID/stat" ]; then
  # The start, taken before the recorder's own work: on a loaded machine that work can take a good part of
  # a short hook's timeout, which would otherwise come off the lifetime recorded.
  __pr_start=${EPOCHREALTIME/./}
  __pr_json() {
    local s=$1
    s=${s//\\/\\\\}; s=${s//\"/\\\"}; s=${s//$'\n'/\\n}; s=${s//$'\r'/\\r}; s=${s//$'\t'/\\t}
    s=${s//$'\e'/\\u001b}
    printf '"%s"' "$s"
  }
  __pr_secret() {
    [[ ${1^^} =~ (^|_)(TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|AUTH|JWT|COOKIE|HEADERS)(_|$) ]] ||
      [[ ${2:-} =~ ^(sk-|gh[pousr]_|xox[abposr]-|eyJ) ]]
  }
  __pr_record() {
    local stat rest fields env="" name value args="" arg fds=$__pr_fds
    read -r stat < "/proc/$BASHPID/stat"
    rest=${stat##*) }
    read -ra fields <<< "$rest"
    # fields: state ppid pgrp session ...
    local -a environ
    mapfile -d '' environ < "/proc/$BASHPID/environ"
    for entry in "${environ[@]}"; do
      name=${entry%%=*}; value=${entry#*=}
      [[ $name == BASH_ENV || $name == PROCESS_RECORDS || $name == PROCESS_RECORDER ]] && continue
      __pr_secret "$name" "$value" && value='<secret>'
      env+="${env:+,}$(__pr_json "$name"):$(__pr_json "$value")"
    done
    for arg in "$@"; do args+="${args:+,}$(__pr_json "$arg")"; done
    local parent_stat parent_fields
    read -r parent_stat < "/proc/${fields[1]}/stat" 2>/dev/null
    read -ra parent_fields <<< "${parent_stat##*) }"
    local parent_comm=${parent_stat#*(}; parent_comm=${parent_comm%%)*}
    printf '{"kind":"bash","pid":%s,"ppid":%s,"pgid":%s,"sid":%s,"parentPgid":%s,"parentComm":%s,"argv0":%s,"args":[%s],"cwd":%s,"fds":{%s},"env":{%s},"start":%s}\n' \
      "$BASHPID" "${fields[1]}" "${fields[2]}" "${fields[3]}" "${parent_fields[2]:-null}" "$(__pr_json "$parent_comm")" \
      "$(__pr_json "$0")" "$args" "$(__pr_json "$PWD")" "$fds" "$env" "$__pr_start" >> "$PROCESS_RECORDS"
  }
  # The inherited descriptors, read first, before any redirection of the recorder's own: 255 is bash's
  # copy of the script, and the file being sourced is this recorder.
  __pr_fds=""
  for __pr_fd in /proc/$BASHPID/fd/*; do
    __pr_fd=${__pr_fd##*/}
    __pr_path=/proc/$BASHPID/fd/$__pr_fd
    [[ $__pr_fd == 255 ]] && continue
    [ "$__pr_path" -ef "${BASH_SOURCE[0]}" ] && continue
    if [ -t "$__pr_fd" ]; then __pr_kind=tty
    elif [ -p "$__pr_path" ]; then __pr_kind=pipe
    elif [ -S "$__pr_path" ]; then __pr_kind=socket
    elif [ -c "$__pr_path" ]; then __pr_kind=chardev
    elif [ -f "$__pr_path" ]; then __pr_kind=file
    elif [ -d "$__pr_path" ]; then __pr_kind=directory
    else __pr_kind=other; fi
    __pr_fds+="${__pr_fds:+,}\"$__pr_fd\":\"$__pr_kind\""
  done
  __pr_record "$@" 2>/dev/null
  __pr_pid=$BASHPID
  __pr_end() {
    local status=$?
    [[ $BASHPID == "$__pr_pid" ]] &&
      printf '{"kind":"bash-end","pid":%s,"status":%s,"end":%s}\n' "$BASHPID" "$status" "${EPOCHREALTIME/./}" >> "$PROCESS_RECORDS"
  }
  trap __pr_end EXIT
  unset -f __pr_record
  unset __pr_fd __pr_path __pr_kind __pr_fds
fi
