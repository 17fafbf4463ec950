/** One part of one language's dictionary (`virtual:messages/<language>-<first|rest>`), emitted by `plugins/messages.ts`. */
declare module 'virtual:messages/*' {
  const messages: Record<string, string>;
  export default messages;
}
