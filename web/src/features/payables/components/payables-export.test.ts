import type { VendorBillSummary } from '../api/payables-api';
import { EXPORT_COLUMNS, payablesCsv, payablesXlsx } from './payables-export';

const bill = (o: Partial<VendorBillSummary>): VendorBillSummary => ({
  ID: 1,
  OrderId: 2,
  VendorId: 3,
  VendorName: 'Keshet',
  AccountId: 4,
  SubAccountId: null,
  AccountName: 'Hadar',
  ActivityId: 5,
  ActivityName: 'Spring',
  Period: '2026-01',
  VendorRef: 'INV-1',
  BillDate: '2026-02-10',
  DueDate: '2026-03-30',
  Currency: 2,
  CurrencyCode: 'ILS',
  Net: 1000,
  Vat: 180,
  Gross: 1180,
  Paid: 500.5,
  Balance: 679.5,
  Status: 'matched',
  Approved: true,
  PayStatus: 'open',
  version: 3,
  createdAt: '',
  createdBy: '',
  updatedAt: '',
  updatedBy: '',
  ...o,
});

describe('payables export', () => {
  it('writes the documented columns in order: BOM, CRLF, amounts with two decimals, text quoted and defused', () => {
    const csv = payablesCsv(
      [bill({}), bill({ VendorName: 'Reshet, "TV"', ActivityName: '=SUM(A1)' })],
      [...EXPORT_COLUMNS],
    );
    expect(csv).toBe(
      '\uFEFF' +
        'vendor,reference,account,activity,period,billDate,dueDate,currency,net,vat,gross,paid,balance,status,payStatus,approved\r\n' +
        'Keshet,INV-1,Hadar,Spring,2026-01,2026-02-10,2026-03-30,ILS,1000.00,180.00,1180.00,500.50,679.50,matched,open,yes\r\n' +
        '"Reshet, ""TV""",INV-1,Hadar,\'=SUM(A1),2026-01,2026-02-10,2026-03-30,ILS,1000.00,180.00,1180.00,500.50,679.50,matched,open,yes\r\n',
    );
  });

  it('makes an .xlsx (a zip) holding the headers and the amounts as numbers', () => {
    const bytes = payablesXlsx([bill({})], ['Vendor', ...EXPORT_COLUMNS.slice(1)], false);
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('Vendor');
    expect(text).toContain('<v>1180</v>');
  });
});
