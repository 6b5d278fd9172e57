/**
 * The loaders of English text bundles (i18n.ts fetches this table once a page needs one); the
 * shell's English texts are in the first chunk.
 */
export default import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/en/*.json',
  '!../locales/en/{common,errors,session}.json',
]);
