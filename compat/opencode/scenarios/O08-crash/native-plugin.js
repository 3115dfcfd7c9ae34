export const Native = async () => ({
  'tool.execute.before': async () => {
    throw new Error('boom');
  },
});
