import { describe, expect, it } from 'vitest';
import { Job } from '../../src/contract';
import { exactMatch, matchJob, needleOf } from '../../src/features/jobs/search/job-match';
import { mergeMatches, withinFilters } from '../../src/features/jobs/search/search-plan';
import { job as rawJob } from './fixtures';

const base = Job.parse(rawJob);
const job = {
  ...base,
  id: 4321,
  order_id: 'ORD-7QX2K9',
  rider: {
    ...base.rider!,
    name: 'Zoë Adeyemi',
    username: 'zoe.adeyemi7',
    dial_code: '+44',
    mobile: '7700900123',
  },
  pickups: [{ ...base.pickups[0]!, customer: { name: 'Bakehouse Ltd', phone: '+44 20 7946 0018' } }],
  deliveries: [
    {
      ...base.deliveries[0]!,
      tracking_id: 'TRK9F3A2B1C0D',
      customer: { first_name: 'Ravi', last_name: 'Menon', mobile: '+91 98765 12345' },
    },
  ],
};
const matches = (query: string) => matchJob(job, needleOf(query));

describe('jobs search matching', () => {
  it('matches the job id whole, and order and tracking ids anywhere, ignoring case', () => {
    expect(matches('4321')).toBe(true);
    expect(matches('432')).toBe(false);
    expect(matches('ord-7qx2k9')).toBe(true);
    expect(matches('7QX2')).toBe(true);
    expect(matches('trk9f3a2')).toBe(true);
  });

  it('matches the rider’s name (accents aside) and username, and customers’ names', () => {
    expect(matches('zoe')).toBe(true);
    expect(matches('ZOË ADEYEMI')).toBe(true);
    expect(matches('adeyemi7')).toBe(true);
    expect(matches('bakehouse')).toBe(true);
    expect(matches('ravi menon')).toBe(true);
    expect(matches('nobody')).toBe(false);
  });

  it('matches phones on their digits, however they are written', () => {
    expect(matches('07700 900123'.slice(1))).toBe(true); // rider, without the dial code
    expect(matches('+44 7700-900-123')).toBe(true); // rider, with it
    expect(matches('020 7946 0018'.slice(1))).toBe(true); // pickup customer
    expect(matches('98765 12345')).toBe(true); // delivery customer's mobile
    expect(matches('555 0199')).toBe(false);
    // Fewer than four digits are not a phone search (they would match nearly every job).
    expect(matches('123')).toBe(false);
  });

  it('survives stops without a customer and a job without a rider', () => {
    const bare = { ...job, rider: null, pickups: [{ ...job.pickups[0]!, customer: null }] };
    expect(matchJob(bare, needleOf('bakehouse'))).toBe(false);
    expect(matchJob(bare, needleOf('ravi'))).toBe(true);
    expect(matchJob(bare, needleOf('   '))).toBe(false);
  });

  it('finds the one job whose id or order id is exactly the query', () => {
    const other = { ...job, id: 43210, order_id: 'ORD-4321' };
    expect(exactMatch([job, other], '4321')?.id).toBe(4321);
    expect(exactMatch([job, other], ' ord-4321 ')?.id).toBe(43210);
    expect(exactMatch([job, other], 'ORD-7QX')).toBeNull();
    // Two jobs with the same order id: no jump, the list says which.
    expect(exactMatch([job, { ...other, order_id: job.order_id }], job.order_id)).toBeNull();
  });
});

describe('phone numbers in their common forms', () => {
  const withPhone = (phone: string) => ({
    ...job,
    rider: null,
    pickups: [],
    deliveries: [{ ...job.deliveries[0]!, customer: { name: 'Ama Owusu', phone } }],
  });
  const finds = (typed: string, stored: string) => matchJob(withPhone(stored), needleOf(typed));

  it('finds a UK number typed nationally, internationally, with 00 or in part', () => {
    const stored = '+44 7546 175923';
    expect(finds('07546 175923', stored)).toBe(true);
    expect(finds('07546175923', stored)).toBe(true);
    expect(finds('+44 7546 175923', stored)).toBe(true);
    expect(finds('+447546175923', stored)).toBe(true);
    expect(finds('0044 7546 175923', stored)).toBe(true);
    expect(finds('(0)7546-175-923', stored)).toBe(true);
    expect(finds('07546 17', stored)).toBe(true);
    expect(finds('175923', stored)).toBe(true);
    expect(finds('07546 175924', stored)).toBe(false);
    // Another country's number with the same digits is another number.
    expect(finds('+33 7546 175923', stored)).toBe(false);
  });

  it('reads a national number by the stored number’s country, whatever its trunk prefix', () => {
    // Russia's trunk prefix is 8: `8 912 345-67-89` is +7 912 345 67 89.
    expect(finds('8 912 345-67-89', '+7 912 345 67 89')).toBe(true);
    expect(finds('8 912 345-67-80', '+7 912 345 67 89')).toBe(false);
    // A stored number written with 00 is read the same way.
    expect(finds('07546 175923', '0044 7546 175923')).toBe(true);
  });

  it('finds the rider by their phone in national form', () => {
    expect(matches('07700 900123')).toBe(true);
  });

  it('does not read text or short numbers as phones', () => {
    expect(needleOf('ORD-0754').phone).toBeNull();
    expect(needleOf('075').phone).toBeNull();
    // Four digits are matched on the digits alone.
    expect(finds('7546', '+44 7546 175923')).toBe(true);
  });
});

describe('names and accents', () => {
  it('ignores accents and case both ways', () => {
    const named = {
      ...job,
      deliveries: [{ ...job.deliveries[0]!, customer: { name: 'José Ñúñez Ålesund' } }],
    };
    expect(matchJob(named, needleOf('jose nunez'))).toBe(true);
    expect(matchJob(named, needleOf('JOSÉ'))).toBe(true);
    expect(matchJob(named, needleOf('alesund'))).toBe(true);
    expect(matchJob(named, needleOf('josef'))).toBe(false);
  });
});

describe('the service’s answer within the screen’s filters', () => {
  it('keeps the jobs within status, branch and time range, and merges the held matches after it', () => {
    const branch = job.pickups[0]!.branch!.id;
    const at = job.created_at;
    expect(withinFilters(job, {})).toBe(true);
    expect(withinFilters(job, { status: job.status })).toBe(true);
    expect(withinFilters(job, { status: job.status + 1 })).toBe(false);
    expect(withinFilters(job, { branch_id: branch })).toBe(true);
    expect(withinFilters(job, { branch_id: `${branch}-other` })).toBe(false);
    expect(withinFilters(job, { timestamp_from: at, timestamp_to: at })).toBe(true);
    expect(withinFilters(job, { timestamp_from: at + 1 })).toBe(false);
    expect(withinFilters(job, { timestamp_to: at - 1 })).toBe(false);
    const other = { ...job, id: 1 };
    expect(mergeMatches([other], [job, other]).map((j) => j.id)).toEqual([1, 4321]);
  });
});
