/** What other modules may use of vendors: nothing else of this folder. */
export { dueDate } from './due-date';
export { getVendor } from './store.dynamodb';
export { platformVendorOf, requireUsableVendor } from './vendors';
export type { PaymentTerms, Vendor } from './replies';
