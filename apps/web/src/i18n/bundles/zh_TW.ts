/** The loaders of this language's text bundles (i18n.ts fetches this table once the language is needed). */
export default import.meta.glob<{ default: Record<string, unknown> }>('../locales/zh_TW/*.json');
