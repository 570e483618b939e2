/**
 * A checker compiled from a JSON Schema into closures: it says whether a parsed JSON value fits, and
 * where and why not, without copying anything. It knows the subset z.toJSONSchema writes for bplab's
 * files (type, properties, required, items, enum, const, minimum, maximum, minLength, anyOf, oneOf,
 * propertyNames, additionalProperties) and refuses to compile any other keyword, so a schema it
 * cannot judge is never quietly let through.
 *
 * Why not zod's own parse: zod copies every object it checks, and on a results file of 416 runs that
 * was most of the time to open it (bench/compare.ts). Why not ajv: compiling this schema took ~700 ms,
 * paid on the first open. The schema stays zod's (the JSON Schema is generated from it, and a test
 * holds the two verdicts equal), so there is still one description of the format.
 */

export type JsonSchema = { [keyword: string]: unknown };

/** Where a value does not fit ("results", 3, "run", "elapsedMs") and why, in words. */
export interface SchemaProblem {
  path: Array<string | number>;
  message: string;
}

/**
 * A compiled schema: `test` answers fits or not, as fast as it can (no path, no words: most values fit,
 * and a nullable field's first branch fails on every null); `explain` is run only on a value that does
 * not fit, to say where and why. It leaves `path` at the fault.
 */
interface Compiled {
  test: (value: unknown) => boolean;
  explain: (value: unknown, path: Array<string | number>) => string;
}

const ANNOTATIONS = new Set(['$schema', '$id', 'title', 'description', 'default', 'examples']);
const KNOWN = new Set([
  'type',
  'properties',
  'required',
  'items',
  'enum',
  'const',
  'minimum',
  'maximum',
  'minLength',
  'anyOf',
  'oneOf',
  'propertyNames',
  'additionalProperties',
]);

function received(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
  return typeof v;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const TYPE_TESTS: Record<string, (v: unknown) => boolean> = {
  object: isObject,
  array: Array.isArray,
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  null: (v) => v === null,
};

/** All of the parts must hold; the first that does not explains. */
function allOf(parts: Compiled[]): Compiled {
  if (parts.length === 1) return parts[0]!;
  const tests = parts.map((p) => p.test);
  return {
    test: (v) => {
      for (let i = 0; i < tests.length; i++) if (!tests[i]!(v)) return false;
      return true;
    },
    explain: (v, path) => parts.find((p) => !p.test(v))!.explain(v, path),
  };
}

function typePart(type: unknown): Compiled {
  const names = Array.isArray(type) ? (type as string[]) : [type as string];
  const tests = names.map((n) => {
    const t = TYPE_TESTS[n];
    if (!t) throw new Error(`schema-check: unknown type ${String(n)}`);
    return t;
  });
  const only = tests[0]!;
  return {
    test: tests.length === 1 ? only : (v) => tests.some((t) => t(v)),
    explain: (v) => `expected ${names.join(' or ')}, received ${received(v)}`,
  };
}

/** A branch's fixed properties (a discriminated union's kind): the branch a value means when they match. */
function constProperties(schema: JsonSchema): Array<[string, unknown]> {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(props).flatMap(([k, s]) =>
    s.const !== undefined ? [[k, s.const] as [string, unknown]] : [],
  );
}

/**
 * anyOf (some branch) or oneOf (exactly one). A failure is told by the branch the value means (the one
 * whose fixed properties it has), else by the branch whose fault lies deepest.
 */
function branches(schemas: JsonSchema[], exactlyOne: boolean): Compiled {
  const list = schemas.map(compile);
  const kinds = schemas.map(constProperties);
  const tests = list.map((b) => b.test);
  return {
    test: exactlyOne
      ? (v) => {
          let passed = 0;
          for (let i = 0; i < tests.length; i++) if (tests[i]!(v)) passed += 1;
          return passed === 1;
        }
      : (v) => {
          for (let i = 0; i < tests.length; i++) if (tests[i]!(v)) return true;
          return false;
        },
    explain: (v, path) => {
      if (list.filter((b) => b.test(v)).length > 1) return 'it matches more than one of the allowed shapes';
      const meant = isObject(v)
        ? list.filter((_, i) => kinds[i]!.length > 0 && kinds[i]!.every(([k, c]) => v[k] === c))
        : [];
      if (meant.length === 1) return meant[0]!.explain(v, path);
      const at = path.length;
      let best: { path: Array<string | number>; message: string } | null = null;
      for (const b of list) {
        const message = b.explain(v, path);
        if (!best || path.length > at + best.path.length) best = { path: path.slice(at), message };
        path.length = at;
      }
      if (!best) return 'it matches none of the allowed shapes';
      path.push(...best.path);
      return best.message;
    },
  };
}

function compile(schema: JsonSchema): Compiled {
  for (const k of Object.keys(schema))
    if (!KNOWN.has(k) && !ANNOTATIONS.has(k)) throw new Error(`schema-check: unsupported keyword ${k}`);
  const parts: Compiled[] = [];
  if (schema.type !== undefined) parts.push(typePart(schema.type));
  if (schema.const !== undefined) {
    const c = schema.const;
    parts.push({ test: (v) => v === c, explain: () => `expected ${JSON.stringify(c)}` });
  }
  if (Array.isArray(schema.enum)) {
    const allowed = new Set(schema.enum as unknown[]);
    const words = (schema.enum as unknown[]).map((e) => JSON.stringify(e)).join(', ');
    parts.push({ test: (v) => allowed.has(v), explain: () => `expected one of ${words}` });
  }
  if (typeof schema.minimum === 'number') {
    const min = schema.minimum;
    parts.push({
      test: (v) => typeof v !== 'number' || v >= min,
      explain: () => `too small: expected ${min} or more`,
    });
  }
  if (typeof schema.maximum === 'number') {
    const max = schema.maximum;
    parts.push({
      test: (v) => typeof v !== 'number' || v <= max,
      explain: () => `too big: expected ${max} or less`,
    });
  }
  if (typeof schema.minLength === 'number') {
    const min = schema.minLength;
    parts.push({
      test: (v) => typeof v !== 'string' || v.length >= min,
      explain: () => `too short: expected ${min} characters or more`,
    });
  }
  if (schema.items !== undefined) {
    const item = compile(schema.items as JsonSchema);
    const test = item.test;
    parts.push({
      test: (v) => {
        if (!Array.isArray(v)) return true;
        for (let i = 0; i < v.length; i++) if (!test(v[i])) return false;
        return true;
      },
      explain: (v, path) => {
        const list = v as unknown[];
        const i = list.findIndex((x) => !test(x));
        path.push(i);
        return item.explain(list[i], path);
      },
    });
  }
  if (schema.properties !== undefined || schema.required !== undefined) {
    const props = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
    const keys = props.map(([key]) => key);
    const compiled = props.map(([, s]) => compile(s));
    const tests = compiled.map((c) => c.test);
    const required = (schema.required ?? []) as string[];
    parts.push({
      test: (v) => {
        if (!isObject(v)) return true;
        for (let i = 0; i < required.length; i++) if (v[required[i]!] === undefined) return false;
        for (let i = 0; i < keys.length; i++) {
          const x = v[keys[i]!];
          if (x !== undefined && !tests[i]!(x)) return false;
        }
        return true;
      },
      explain: (v, path) => {
        const o = v as Record<string, unknown>;
        const missing = required.find((key) => o[key] === undefined);
        if (missing !== undefined) {
          path.push(missing);
          return 'it is missing';
        }
        const i = keys.findIndex((key, n) => o[key] !== undefined && !tests[n]!(o[key]));
        path.push(keys[i]!);
        return compiled[i]!.explain(o[keys[i]!], path);
      },
    });
  }
  if (schema.additionalProperties !== undefined || schema.propertyNames !== undefined) {
    const known = new Set(Object.keys((schema.properties ?? {}) as object));
    const extra = schema.additionalProperties;
    const refuse = extra === false;
    const value =
      extra === false || extra === true || extra === undefined ? null : compile(extra as JsonSchema);
    const name = schema.propertyNames === undefined ? null : compile(schema.propertyNames as JsonSchema);
    const fits = (o: Record<string, unknown>, key: string) =>
      !refuse && (!name || name.test(key)) && (!value || value.test(o[key]));
    parts.push({
      test: (v) => {
        if (!isObject(v)) return true;
        for (const key of Object.keys(v)) if (!known.has(key) && !fits(v, key)) return false;
        return true;
      },
      explain: (v, path) => {
        const o = v as Record<string, unknown>;
        const key = Object.keys(o).find((k) => !known.has(k) && !fits(o, k))!;
        path.push(key);
        if (refuse) return 'this key is not allowed here';
        if (name && !name.test(key)) return name.explain(key, path);
        return value!.explain(o[key], path);
      },
    });
  }
  if (Array.isArray(schema.anyOf)) parts.push(branches(schema.anyOf as JsonSchema[], false));
  if (Array.isArray(schema.oneOf)) parts.push(branches(schema.oneOf as JsonSchema[], true));
  if (parts.length === 0) return { test: () => true, explain: () => 'it does not fit' };
  return allOf(parts);
}

/** Compiles a schema once; the checker it returns says null for a value that fits, else where and why. */
export function schemaChecker(schema: JsonSchema): (value: unknown) => SchemaProblem | null {
  const { test, explain } = compile(schema);
  return (value) => {
    if (test(value)) return null;
    const path: Array<string | number> = [];
    const message = explain(value, path);
    return { path, message };
  };
}
