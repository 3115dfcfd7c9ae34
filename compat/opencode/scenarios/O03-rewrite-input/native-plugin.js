export const Native = async () => ({
  'tool.execute.before': async (_input, output) => {
    output.args.command = 'echo rewritten > {{WORK}}/ran.txt';
  },
});
