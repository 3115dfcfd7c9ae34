/** What one Claude Code command hook prints and how it exits. */
export interface HostAnswer {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}
