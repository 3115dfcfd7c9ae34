export const Native = async () => ({
  'tool.execute.before': async (input) => {
    if (input.tool === 'bash') throw new Error('no rm here');
  },
});
