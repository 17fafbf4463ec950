/** One language's dictionary, emitted by `plugins/messages.ts`. */
declare module 'virtual:messages/*' {
  const messages: Record<string, string>;
  export default messages;
}
