/**
 * The 13 SSB queries by id, in the posts' order, written out once for the tests that check bplab's
 * own lists against them (so no test reads its expected list off the code it tests).
 */
export const THE_13_QUERY_IDS = [
  'Q1.1',
  'Q1.2',
  'Q1.3',
  'Q2.1',
  'Q2.2',
  'Q2.3',
  'Q3.1',
  'Q3.2',
  'Q3.3',
  'Q3.4',
  'Q4.1',
  'Q4.2',
  'Q4.3',
];
