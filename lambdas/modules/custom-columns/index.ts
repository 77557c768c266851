/** What other modules may use of the custom columns: nothing else of this folder. */
export { getCustomColumn, listCustomColumns, type CustomColumn } from './store.dynamodb';
