/**
 * A stop's customer, read one way (src/rules/customer.ts): what the export writes of a
 * customer, the jobs search finds.
 */
import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/contract';
import { CSV_FIELDS, jobCsvRow } from '../../src/features/jobs/header/csv';
import { matchJob, needleOf } from '../../src/features/jobs/search/job-match';
import { customerFields } from '../../src/rules/customer';
import { NOW, config, makeJob } from './rules-fixtures';

const withCustomer = (customer: Record<string, unknown>): Job => makeJob(1, { deliveries: [{ customer }] });

const exported = (job: Job) => {
  const row = jobCsvRow(job, config, NOW);
  return {
    name: row[CSV_FIELDS.indexOf('delivery_customer_names')] as string,
    phone: row[CSV_FIELDS.indexOf('delivery_customer_phones')] as string,
  };
};

describe("a stop's customer", () => {
  it.each([
    [{ name: 'Bakehouse Ltd', phone: '+44 20 7946 0018' }, 'Bakehouse Ltd', '+44 20 7946 0018'],
    [{ full_name: 'Ana Lima', dial_code: '351', mobile: '912 345 678' }, 'Ana Lima', '+351 912 345 678'],
    [{ first_name: 'Ravi', last_name: 'Menon', mobile: '98765 12345' }, 'Ravi Menon', '98765 12345'],
    [{ first_name: 'Zoë', phone: 442079460018 }, 'Zoë', '442079460018'],
  ])('%o is exported as its name and phone, and found by both', (customer, name, phone) => {
    const job = withCustomer(customer);
    // The export quotes a leading "+" so that a spreadsheet does not read it as a formula.
    expect(exported(job)).toEqual({ name, phone: phone.startsWith('+') ? `'${phone}` : phone });
    expect(matchJob(job, needleOf(name))).toBe(true);
    expect(matchJob(job, needleOf(phone))).toBe(true);
  });

  it('finds a customer by any of their names and phones, the export writing the first', () => {
    const customer = {
      name: 'Bakehouse',
      full_name: 'Bakehouse Ltd of Hackney',
      phone: '020 7946 0018',
      dial_code: '+44',
      mobile: '7700 900123',
    };
    expect(customerFields(customer)).toEqual({
      names: ['Bakehouse', 'Bakehouse Ltd of Hackney'],
      phones: ['020 7946 0018', '+44 7700 900123'],
    });
    const job = withCustomer(customer);
    expect(exported(job)).toEqual({ name: 'Bakehouse', phone: '020 7946 0018' });
    expect(matchJob(job, needleOf('hackney'))).toBe(true);
    expect(matchJob(job, needleOf('7700 900123'))).toBe(true);
  });

  it('has no name and no phone when the stop has no customer', () => {
    expect(customerFields(null)).toEqual({ names: [], phones: [] });
  });
});
