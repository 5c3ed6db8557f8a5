/**
 * Zod 4 schema -> fast-check 4 arbitrary, for the route and socket fuzz (test support
 * only: no published zod-4 bridge fits). {@link zodArbitrary} mixes values the schema accepts
 * ({@link validArbitrary}) with near-misses ({@link nearMissArbitrary}): wrong types, numbers
 * just out of range or huge, over-long and empty strings, odd unicode, null, arrays for objects,
 * missing and extra keys. It reads the schema's internals (`schema._zod.def` and its checks:
 * string and array lengths, number bounds and formats, regex patterns) and
 * covers the node kinds the shared schemas use: object, string with checks and formats,
 * number/int (also coerced), boolean, enum, literal, array, optional/nullable/default,
 * union (also discriminated), record, tuple, pipe/transform/preprocess, date. Any other kind
 * falls back to `fc.jsonValue()` (values go over JSON). Refinements are not solved: the valid
 * arm of a refined schema is only mostly valid.
 */
import fc from 'fast-check';
import type { z } from 'zod';

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypes['_zod']['def'];

/** Beyond this nesting the generator stops following the schema (recursive schemas). */
const MAX_DEPTH = 6;

const defOf = (schema: Schema): Def => (schema as z.core.$ZodTypes)._zod.def;

/** What a schema's checks (and a string format's own def) say about its values. */
interface Bag {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  patterns: RegExp[];
}

/**
 * Reads `schema._zod.def` and its `checks` (`min_length`, `max_length`, `length_equals`,
 * `greater_than`, `less_than`, `number_format`, `string_format`): zod 4.6 no longer fills
 * `_zod.bag` when a check is attached.
 */
function bagOf(schema: Schema): Bag {
  const def = schema._zod.def as z.core.$ZodTypeDef & { format?: string; pattern?: RegExp };
  const bag: Bag = { patterns: [] };
  if (def.format) bag.format = def.format;
  if (def.pattern && def.format !== 'regex') bag.patterns.push(def.pattern);
  for (const check of def.checks ?? []) {
    const c = check._zod.def as z.core.$ZodChecks['_zod']['def'];
    switch (c.check) {
      case 'min_length':
        bag.minimum = Math.max(bag.minimum ?? 0, c.minimum);
        break;
      case 'max_length':
        bag.maximum = Math.min(bag.maximum ?? Infinity, c.maximum);
        break;
      case 'length_equals':
        bag.minimum = c.length;
        bag.maximum = c.length;
        break;
      case 'greater_than':
        if (c.inclusive) bag.minimum = Number(c.value);
        else bag.exclusiveMinimum = Number(c.value);
        break;
      case 'less_than':
        if (c.inclusive) bag.maximum = Number(c.value);
        else bag.exclusiveMaximum = Number(c.value);
        break;
      case 'number_format':
        bag.format = c.format;
        break;
      case 'string_format':
        if (c.format === 'regex' && c.pattern) bag.patterns.push(c.pattern);
        else bag.format = c.format;
        break;
      case 'multiple_of':
      case 'overwrite':
      case 'bigint_format':
      case 'max_size':
      case 'min_size':
      case 'size_equals':
      case 'property':
      case 'mime_type':
        // Not read: the valid arm of such a schema is only mostly valid.
        break;
    }
  }
  return bag;
}

/** Text the valid arm uses: ASCII with some Indian-script and emoji graphemes. */
const text = (minLength: number, maxLength: number) =>
  fc.oneof(
    fc.string({ unit: 'grapheme-ascii', minLength, maxLength }),
    fc.string({
      unit: fc.constantFrom('a', 'Z', '7', ' ', '-', 'क', 'ी', 'த', '₹', '🏏', 'é', '.'),
      minLength,
      maxLength,
    }),
  );

const dates = fc.date({
  min: new Date('2000-01-01'),
  max: new Date('2100-01-01'),
  noInvalidDate: true,
});

/** Valid strings of the string formats the shared schemas use. */
const FORMATS: Partial<Record<string, fc.Arbitrary<string>>> = {
  email: fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/), fc.constantFrom('example.test', 'x.in'))
    .map(([user, domain]) => `${user}@${domain}`),
  datetime: dates.map((date) => date.toISOString()),
  date: dates.map((date) => date.toISOString().slice(0, 10)),
  url: fc.webUrl(),
  uuid: fc.uuid(),
  guid: fc.uuid(),
};

function validString(bag: Bag): fc.Arbitrary<string> {
  const min = bag.minimum ?? 0;
  const max = Math.max(min, Math.min(bag.maximum ?? min + 40, min + 40));
  const formatted = bag.format === undefined ? undefined : FORMATS[bag.format];
  if (formatted) return formatted;
  const pattern = bag.patterns[0];
  if (pattern) return fc.stringMatching(pattern).filter((s) => s.length >= min && s.length <= max);
  return text(min, max);
}

function isInt(bag: Bag): boolean {
  return bag.format !== undefined && /int/.test(bag.format);
}

/** The inclusive bounds of a number schema, clamped to ±1e9 (±2^31-1 for integers). */
function bounds(bag: Bag): { min: number; max: number } {
  const limit = isInt(bag) ? 2_147_483_647 : 1e9;
  const min = bag.minimum ?? (bag.exclusiveMinimum === undefined ? -limit : bag.exclusiveMinimum);
  const max = bag.maximum ?? (bag.exclusiveMaximum === undefined ? limit : bag.exclusiveMaximum);
  return { min: Math.max(min, -limit), max: Math.min(max, limit) };
}

function validNumber(bag: Bag): fc.Arbitrary<number> {
  const { min, max } = bounds(bag);
  if (isInt(bag)) {
    const lo = Math.ceil(bag.exclusiveMinimum === undefined ? min : min + 1e-9);
    const hi = Math.floor(bag.exclusiveMaximum === undefined ? max : max - 1e-9);
    // Small values most of the time: ids, counts and pages live there.
    return fc.oneof(
      fc.integer({ min: lo, max: Math.min(hi, Math.max(lo, 0) + 50) }),
      fc.integer({ min: lo, max: hi }),
    );
  }
  return fc.double({
    min,
    max,
    minExcluded: bag.exclusiveMinimum !== undefined && bag.minimum === undefined,
    maxExcluded: bag.exclusiveMaximum !== undefined && bag.maximum === undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** Whether a key holding `schema` may be left out of its object (a preprocess asks its inner schema). */
function isOptional(schema: Schema): boolean {
  const def = defOf(schema);
  if (def.type === 'pipe' && defOf(def.in).type === 'transform') return isOptional(def.out);
  return schema._zod.optin === 'optional';
}

/** The stage of a pipe whose input values to make: the second, unless it only transforms. */
function pipeStage(def: z.core.$ZodPipeDef): Schema {
  return defOf(def.out).type === 'transform' ? def.in : def.out;
}

/**
 * Valid values for object keys by name, for rules the generator cannot read (refinements):
 * e.g. `{ tz: fc.constant('Asia/Kolkata') }`. Used at any depth, in valid values only.
 */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

/**
 * Values `schema` accepts (mostly: refinements are not solved unless `hints` name the field).
 * Inputs, not outputs: a pipe yields what its checking stage takes, a preprocess what its
 * inner schema takes.
 */
export function validArbitrary(
  schema: Schema,
  hints: Hints = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.jsonValue({ maxDepth: 1 });
  const def = defOf(schema);
  const next = (inner: Schema) => validArbitrary(inner, hints, depth + 1);
  switch (def.type) {
    case 'string':
      return validString(bagOf(schema));
    case 'number': {
      const number = validNumber(bagOf(schema));
      return def.coerce ? fc.oneof(number, number.map(String)) : number;
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'date':
      return dates.map((date) => date.toISOString());
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries));
    case 'literal':
      return fc.constantFrom(...def.values);
    case 'array': {
      const bag = bagOf(schema);
      const minLength = bag.minimum ?? 0;
      const maxLength = Math.max(minLength, Math.min(bag.maximum ?? minLength + 4, minLength + 4));
      return fc.array(next(def.element), { minLength, maxLength });
    }
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const keys = Object.keys(shape);
      return fc.record(
        Object.fromEntries(keys.map((key) => [key, hints[key] ?? next(shape[key]!)])),
        {
          requiredKeys: keys.filter((key) => !isOptional(shape[key]!)),
        },
      );
    }
    case 'union':
      return fc.oneof(...def.options.map(next));
    case 'optional':
      return fc.oneof(fc.constant(undefined), next(def.innerType));
    case 'nullable':
      return fc.oneof(fc.constant(null), next(def.innerType));
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return next(def.innerType);
    case 'pipe':
      return next(pipeStage(def));
    case 'lazy':
      return next(def.getter());
    case 'tuple':
      return fc.tuple(...def.items.map(next));
    case 'record': {
      const keyDef = defOf(def.keyType);
      // A record keyed by an enum needs every key.
      if (keyDef.type === 'enum') {
        const keys = Object.values(keyDef.entries).map(String);
        return fc.record(Object.fromEntries(keys.map((key) => [key, next(def.valueType)])));
      }
      return fc.dictionary(validString(bagOf(def.keyType)), next(def.valueType), { maxKeys: 4 });
    }
    case 'intersection':
      return next(def.left);
    case 'any':
    case 'unknown':
    case 'bigint':
    case 'custom':
    case 'file':
    case 'function':
    case 'map':
    case 'nan':
    case 'never':
    case 'promise':
    case 'set':
    case 'success':
    case 'symbol':
    case 'template_literal':
    case 'transform':
    case 'void':
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Wrong for almost any field: wrong types, null, empty, huge, odd unicode, NUL. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, '', ' ', 0, -1, true, false, [], {}, 'null', 'undefined', '\u0000', 'NaN'),
  fc.constantFrom(1e308, -1e308, 2 ** 31, 2 ** 53 + 2, -(2 ** 31) - 1, 0.5, -0),
  fc.constantFrom('\u202Eevil', 'a\u0301\u0301\u0301', '\uD800', '🏏'.repeat(300), "' OR 1=1 --"),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Strings just outside a string schema's length, or not strings. */
function stringNearMiss(schema: Schema): fc.Arbitrary<unknown> {
  const bag = bagOf(schema);
  const misses: fc.Arbitrary<unknown>[] = [
    junk,
    validString(bag).map((s) => ` ${s}\t`),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
  ];
  if (bag.maximum !== undefined && bag.maximum < 100_000)
    misses.push(
      fc.integer({ min: bag.maximum + 1, max: bag.maximum + 20 }).map((n) => 'x'.repeat(n)),
    );
  if (bag.minimum !== undefined && bag.minimum > 0)
    misses.push(fc.string({ unit: 'grapheme-ascii', maxLength: bag.minimum - 1 }));
  return fc.oneof(...misses);
}

/** Numbers just outside a number schema's bounds, fractions for integers, numeric strings. */
function numberNearMiss(schema: Schema): fc.Arbitrary<unknown> {
  const bag = bagOf(schema);
  const { min, max } = bounds(bag);
  return fc.oneof(
    junk,
    fc.constantFrom(min - 1, max + 1, min - 0.5, max + 0.5, min + 0.5, Number.MAX_VALUE),
    fc.constantFrom('1e1', '0x10', ' 7', '7.0', '-0', '99999999999999999999', String(max + 1)),
    validNumber(bag).map(String),
  );
}

/**
 * Near-misses of `schema`: values a careless or hostile client would send that the schema
 * (mostly) refuses. For objects: a key dropped, extra keys, one field replaced by its own
 * near-miss, or an array; for arrays: one element too many, bad elements, a bare element.
 */
export function nearMissArbitrary(
  schema: Schema,
  hints: Hints = {},
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return junk;
  const def = defOf(schema);
  const next = (inner: Schema) => nearMissArbitrary(inner, hints, depth + 1);
  const valid = () => validArbitrary(schema, hints, depth);
  switch (def.type) {
    case 'string':
      return stringNearMiss(schema);
    case 'number':
      return numberNearMiss(schema);
    case 'boolean':
      return fc.oneof(junk, fc.constantFrom('true', 'false', 1, 0, 'yes'));
    case 'enum':
    case 'literal':
      return fc.oneof(
        junk,
        valid().map((v) => (typeof v === 'string' ? v.toUpperCase() : v)),
        valid().map((v) => `${String(v)} `),
        valid().map((v) => [v]),
      );
    case 'array': {
      const bag = bagOf(schema);
      const misses: fc.Arbitrary<unknown>[] = [
        junk,
        fc.array(next(def.element), { minLength: 1, maxLength: 3 }),
        validArbitrary(def.element, hints, depth + 1),
      ];
      if (bag.maximum !== undefined && bag.maximum < 500)
        misses.push(
          fc.array(validArbitrary(def.element, hints, depth + 1), {
            minLength: bag.maximum + 1,
            maxLength: bag.maximum + 3,
          }),
        );
      return fc.oneof(...misses);
    }
    case 'object': {
      const shape = def.shape as Record<string, Schema>;
      const keys = Object.keys(shape);
      const record = valid() as fc.Arbitrary<Record<string, unknown>>;
      const misses: fc.Arbitrary<unknown>[] = [
        junk,
        fc.array(record, { maxLength: 2 }),
        fc
          .tuple(
            record,
            fc.dictionary(fc.string({ maxLength: 12 }), junk, { minKeys: 1, maxKeys: 3 }),
          )
          .map(([value, extra]) => ({ ...value, ...extra })),
      ];
      if (keys.length > 0) {
        const key = fc.constantFrom(...keys);
        misses.push(
          fc.tuple(record, key).map(([value, k]) => {
            const { [k]: _dropped, ...rest } = value;
            return rest;
          }),
          fc
            .tuple(key, record)
            .chain(([k, value]) => next(shape[k]!).map((miss) => ({ ...value, [k]: miss }))),
        );
      }
      return fc.oneof(...misses);
    }
    case 'union':
      return fc.oneof(junk, ...def.options.map(next));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return next(def.innerType);
    case 'pipe':
      return next(pipeStage(def));
    case 'lazy':
      return next(def.getter());
    case 'tuple':
      return fc.oneof(
        junk,
        fc.tuple(...def.items.map(next)),
        fc.array(junk, { maxLength: def.items.length + 2 }),
      );
    case 'record':
      return fc.oneof(
        junk,
        fc.dictionary(fc.string({ maxLength: 12 }), next(def.valueType), { maxKeys: 3 }),
      );
    case 'any':
    case 'unknown':
    case 'bigint':
    case 'custom':
    case 'file':
    case 'function':
    case 'map':
    case 'nan':
    case 'never':
    case 'promise':
    case 'set':
    case 'success':
    case 'symbol':
    case 'template_literal':
    case 'transform':
    case 'void':
    case 'date':
    case 'intersection':
    case 'null':
    case 'undefined':
      return junk;
  }
}

/** Half valid values, half near-misses of `schema`; `hints` as {@link validArbitrary}. */
export function zodArbitrary(schema: Schema, hints: Hints = {}): fc.Arbitrary<unknown> {
  return fc.oneof(validArbitrary(schema, hints), nearMissArbitrary(schema, hints));
}
