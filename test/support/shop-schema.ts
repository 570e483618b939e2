/**
 * An analytical workload of bplab's own (bench/whatif-sizes.ts, test/integration/plan-at-size.test.ts), neither SSB's nor
 * TPC-H's: a shop's sales. Two fact tables (sale, shipment) and four dimensions (region, store,
 * product, customer), each with secondary indexes, generated deterministically in SQL (a 0..999,999
 * sequence from a digits table; every "random" column a CRC32 of its row number, so MySQL and MariaDB
 * make the same rows), and four queries that join by index (range then eq_ref, ref into a large
 * secondary index) and by scan (a full scan joined to a fact's primary key). At scale 1 about 100 MB.
 */

/** Statements that make the schema's tables and rows, in order, on a connection using `schema`. */
export function shopStatements(scale = 1): string[] {
  const n = (rows: number) => Math.max(10, Math.round(rows * scale));
  const sales = n(400_000);
  const customers = n(60_000);
  const products = n(40_000);
  const stores = n(400);
  const shipments = n(200_000);
  // A uniform draw in [0, m) from row number n and a salt, and a skewed one (most draws near 0).
  const uni = (salt: string, m: number) => `(CRC32(CONCAT('${salt}', q.n)) % ${m})`;
  const skew = (salt: string, m: number) =>
    `FLOOR(${m} * POW(CRC32(CONCAT('${salt}', q.n)) / 4294967296, 3))`;
  return [
    'DROP TABLE IF EXISTS shipment, sale, customer, product, store, region, seq, digits',
    'CREATE TABLE digits (i TINYINT NOT NULL PRIMARY KEY) ENGINE=InnoDB',
    'INSERT INTO digits VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)',
    `CREATE TABLE seq (n INT NOT NULL PRIMARY KEY) ENGINE=InnoDB
       SELECT d1.i + 10*d2.i + 100*d3.i + 1000*d4.i + 10000*d5.i + 100000*d6.i AS n
       FROM digits d1, digits d2, digits d3, digits d4, digits d5, digits d6`,
    `CREATE TABLE region (r_id TINYINT NOT NULL PRIMARY KEY, r_name CHAR(20) NOT NULL) ENGINE=InnoDB`,
    `INSERT INTO region SELECT q.n, CONCAT('region ', q.n) FROM seq q WHERE q.n < 8`,
    `CREATE TABLE store (s_id INT NOT NULL PRIMARY KEY, s_region TINYINT NOT NULL, s_name CHAR(30) NOT NULL,
       s_open DATE NOT NULL, KEY s_region (s_region)) ENGINE=InnoDB`,
    `INSERT INTO store SELECT q.n, ${uni('sr', 8)}, CONCAT('store ', q.n),
       DATE('2015-01-01') + INTERVAL ${uni('so', 3000)} DAY FROM seq q WHERE q.n < ${stores}`,
    `CREATE TABLE product (p_id INT NOT NULL PRIMARY KEY, p_category SMALLINT NOT NULL, p_brand SMALLINT NOT NULL,
       p_price DECIMAL(8,2) NOT NULL, p_name VARCHAR(60) NOT NULL, p_pad CHAR(100) NOT NULL,
       KEY p_category_brand (p_category, p_brand)) ENGINE=InnoDB`,
    `INSERT INTO product SELECT q.n, ${uni('pc', 40)}, ${uni('pb', 500)}, 1 + ${uni('pp', 50000)} / 100,
       CONCAT('product ', q.n, ' ', ${uni('pn', 1000000)}), LPAD(q.n, 100, 'p') FROM seq q WHERE q.n < ${products}`,
    `CREATE TABLE customer (c_id INT NOT NULL PRIMARY KEY, c_region TINYINT NOT NULL, c_segment TINYINT NOT NULL,
       c_since DATE NOT NULL, c_name VARCHAR(40) NOT NULL, c_pad CHAR(120) NOT NULL,
       KEY c_segment_region (c_segment, c_region)) ENGINE=InnoDB`,
    `INSERT INTO customer SELECT q.n, ${uni('cr', 8)}, ${uni('cs', 10)},
       DATE('2010-01-01') + INTERVAL ${uni('cd', 5000)} DAY, CONCAT('customer ', q.n), LPAD(q.n, 120, 'c')
       FROM seq q WHERE q.n < ${customers}`,
    // Sales in date order (548 a day), their customers and products skewed, their stores uniform.
    `CREATE TABLE sale (sa_id INT NOT NULL PRIMARY KEY, sa_date DATE NOT NULL, sa_store INT NOT NULL,
       sa_customer INT NOT NULL, sa_product INT NOT NULL, sa_qty SMALLINT NOT NULL, sa_amount DECIMAL(10,2) NOT NULL,
       sa_pad CHAR(40) NOT NULL, KEY sa_date (sa_date), KEY sa_customer (sa_customer),
       KEY sa_product_date (sa_product, sa_date)) ENGINE=InnoDB`,
    `INSERT INTO sale SELECT q.n, DATE('2024-01-01') + INTERVAL (q.n * 730 DIV ${sales}) DAY, ${uni('ss', stores)},
       ${skew('sc', customers)}, ${skew('sp', products)}, 1 + ${uni('sq', 20)}, ${uni('sa', 100000)} / 100,
       LPAD(q.n, 40, 's') FROM seq q WHERE q.n < ${sales}`,
    // Shipments of sales drawn uniformly: a scan of them looks sales up all over the fact table.
    `CREATE TABLE shipment (sh_id INT NOT NULL PRIMARY KEY, sh_sale INT NOT NULL, sh_carrier TINYINT NOT NULL,
       sh_days TINYINT NOT NULL, sh_cost DECIMAL(8,2) NOT NULL, sh_pad CHAR(80) NOT NULL,
       KEY sh_sale (sh_sale), KEY sh_carrier_days (sh_carrier, sh_days)) ENGINE=InnoDB`,
    `INSERT INTO shipment SELECT q.n, ${uni('hs', sales)}, ${uni('hc', 6)}, 1 + ${uni('hd', 10)},
       ${uni('hx', 5000)} / 100, LPAD(q.n, 80, 'h') FROM seq q WHERE q.n < ${shipments}`,
    'DROP TABLE seq, digits',
    'ANALYZE TABLE region, store, product, customer, sale, shipment',
  ];
}

/** The workload's queries, saved as custom queries: each joins by index, by scan, or both. */
export const SHOP_QUERIES: ReadonlyArray<{ title: string; how: string; sql: string }> = [
  {
    title: 'shop: revenue by region over two months',
    how: 'a range of sale by date, then store and region by primary key',
    sql: `SELECT r.r_name, SUM(sa.sa_amount) AS revenue FROM sale sa
  JOIN store s ON s.s_id = sa.sa_store JOIN region r ON r.r_id = s.s_region
  WHERE sa.sa_date BETWEEN '2024-03-01' AND '2024-04-30' GROUP BY r.r_name`,
  },
  {
    title: 'shop: what one segment of two regions buys',
    how: "customers by segment, their sales by the customer index, each sale's product by primary key",
    sql: `SELECT p.p_category, COUNT(*) AS sales, SUM(sa.sa_qty) AS units FROM customer c
  JOIN sale sa ON sa.sa_customer = c.c_id JOIN product p ON p.p_id = sa.sa_product
  WHERE c.c_segment = 3 AND c.c_region IN (1, 2) GROUP BY p.p_category`,
  },
  {
    title: 'shop: slow shipments by carrier',
    how: 'shipment read in full, each sale looked up by primary key',
    sql: `SELECT sh.sh_carrier, COUNT(*) AS late, AVG(sa.sa_amount) AS value FROM shipment sh
  JOIN sale sa ON sa.sa_id = sh.sh_sale WHERE sh.sh_days > 6 GROUP BY sh.sh_carrier`,
  },
  {
    title: "shop: one category's brands in a quarter",
    how: 'products by category, their sales by the (product, date) index',
    sql: `SELECT p.p_brand, SUM(sa.sa_amount) AS revenue FROM product p
  JOIN sale sa ON sa.sa_product = p.p_id AND sa.sa_date BETWEEN '2024-07-01' AND '2024-09-30'
  WHERE p.p_category = 7 GROUP BY p.p_brand`,
  },
];
