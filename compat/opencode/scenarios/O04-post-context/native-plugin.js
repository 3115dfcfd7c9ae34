export const Native = async () => ({
  'tool.execute.after': async (_input, output) => {
    output.output = `${output.output}\n\nCONTEXT-after-tool`;
  },
});
