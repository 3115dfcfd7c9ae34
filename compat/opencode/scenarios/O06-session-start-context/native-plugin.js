export const Native = async () => ({
  'chat.message': async (input, output) => {
    const [first] = output.parts;
    ['CONTEXT-session', 'CONTEXT-prompt'].forEach((text, index) => {
      output.parts.push({
        id: `${first.id}hw${index}`,
        messageID: first.messageID,
        sessionID: input.sessionID,
        type: 'text',
        text,
        synthetic: true,
      });
    });
  },
});
