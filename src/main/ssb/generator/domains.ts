/**
 * The value domains of SSB's text columns, in dbgen's order (its dists.dss, which SSB shares with
 * TPC-H): a value is picked by its index, so the order is part of the data. Each list also comes
 * pre-encoded as bytes, because the table writers copy bytes, never build strings.
 */

export const REGIONS = ['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST'] as const;

/** The 25 TPC-H nations with the index of their region. */
export const NATIONS: ReadonlyArray<{ name: string; region: number }> = [
  { name: 'ALGERIA', region: 0 },
  { name: 'ARGENTINA', region: 1 },
  { name: 'BRAZIL', region: 1 },
  { name: 'CANADA', region: 1 },
  { name: 'EGYPT', region: 4 },
  { name: 'ETHIOPIA', region: 0 },
  { name: 'FRANCE', region: 3 },
  { name: 'GERMANY', region: 3 },
  { name: 'INDIA', region: 2 },
  { name: 'INDONESIA', region: 2 },
  { name: 'IRAN', region: 4 },
  { name: 'IRAQ', region: 4 },
  { name: 'JAPAN', region: 2 },
  { name: 'JORDAN', region: 4 },
  { name: 'KENYA', region: 0 },
  { name: 'MOROCCO', region: 0 },
  { name: 'MOZAMBIQUE', region: 0 },
  { name: 'PERU', region: 1 },
  { name: 'CHINA', region: 2 },
  { name: 'ROMANIA', region: 3 },
  { name: 'SAUDI ARABIA', region: 4 },
  { name: 'VIETNAM', region: 2 },
  { name: 'RUSSIA', region: 3 },
  { name: 'UNITED KINGDOM', region: 3 },
  { name: 'UNITED STATES', region: 1 },
];

export const MARKET_SEGMENTS = ['AUTOMOBILE', 'BUILDING', 'FURNITURE', 'HOUSEHOLD', 'MACHINERY'] as const;

export const ORDER_PRIORITIES = ['1-URGENT', '2-HIGH', '3-MEDIUM', '4-NOT SPECIFIED', '5-LOW'] as const;

export const SHIP_MODES = ['REG AIR', 'AIR', 'RAIL', 'TRUCK', 'MAIL', 'FOB', 'SHIP'] as const;

/** The 92 colours p_name and p_color are drawn from. */
export const COLORS: readonly string[] = (
  'almond antique aquamarine azure beige bisque black blanched blue blush brown burlywood burnished ' +
  'chartreuse chiffon chocolate coral cornflower cornsilk cream cyan dark deep dim dodger drab firebrick ' +
  'floral forest frosted gainsboro ghost goldenrod green grey honeydew hot indian ivory khaki lace ' +
  'lavender lawn lemon light lime linen magenta maroon medium metallic midnight mint misty moccasin ' +
  'navajo navy olive orange orchid pale papaya peach peru pink plum powder puff purple red rose rosy ' +
  'royal saddle salmon sandy seashell sienna sky slate smoke snow spring steel tan thistle tomato ' +
  'turquoise violet wheat white yellow'
).split(' ');

const product = (...parts: ReadonlyArray<readonly string[]>): string[] =>
  parts.reduce<string[]>((acc, words) => acc.flatMap((a) => words.map((w) => (a ? `${a} ${w}` : w))), ['']);

/** 150 part types: size × finish × metal, in dbgen's order. */
export const PART_TYPES: readonly string[] = product(
  ['STANDARD', 'SMALL', 'MEDIUM', 'LARGE', 'ECONOMY', 'PROMO'],
  ['ANODIZED', 'BURNISHED', 'PLATED', 'POLISHED', 'BRUSHED'],
  ['TIN', 'NICKEL', 'BRASS', 'STEEL', 'COPPER'],
);

/** 40 containers: size × kind, in dbgen's order. */
export const CONTAINERS: readonly string[] = product(
  ['SM', 'LG', 'MED', 'JUMBO', 'WRAP'],
  ['CASE', 'BOX', 'BAG', 'JAR', 'PACK', 'PKG', 'CAN', 'DRUM'],
);

/** a_rnd's 64 characters (note the space after 'z'): one per 6 bits of a draw. */
export const ADDRESS_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ,';

/**
 * SSB's city: the nation's first nine characters, space-padded to nine, then a digit 0–9
 * ('UNITED KI1', 'PERU     9').
 */
export function cityName(nation: string, digit: number): string {
  return nation.slice(0, 9).padEnd(9, ' ') + String(digit);
}

export const encode = (s: string): Uint8Array => Buffer.from(s, 'latin1');
export const encodeAll = (list: readonly string[]): Uint8Array[] => list.map(encode);
