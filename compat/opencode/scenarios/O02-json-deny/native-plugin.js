export const Native = async () => ({
  'tool.execute.before': async (input) => {
    if (input.tool === 'bash') throw new Error('REASON-json');
  },
});
