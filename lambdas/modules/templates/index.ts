/** What other modules may use of templates: nothing else of this folder. */
export { getTemplate } from './store.dynamodb';
export { shareHundredths, templateLinesFor, type TemplateLine } from './templates';
