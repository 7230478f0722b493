import { z } from 'zod';

/** A JSON Schema (2020-12) object as the document holds it. */
export type JsonSchema = Record<string, unknown>;

/** Where the document keeps its shared schemas. */
export const COMPONENT_SCHEMAS_REF = '#/components/schemas/';

/**
 * Turns zod schemas into the document's JSON Schemas with zod 4's own `z.toJSONSchema` (draft 2020-12, the
 * dialect of OpenAPI 3.1). The request side is converted as the client sends it (`io: 'input'`), the answer
 * side as the server sends it (`io: 'output'`); a refinement or transform JSON Schema cannot express becomes
 * "any value" (`unrepresentable: 'any'`) rather than an error. A schema registered with an id
 * (`.meta({ id })`) becomes a shared component instead of a `$defs` entry of each schema that uses it.
 */
export class SchemaConverter {
  /** The shared components met so far, by name. */
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = converted;
    const renamed = new Map<string, string>();
    for (const [name, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      renamed.set(name, this.share(name, io, definition));
    }
    // The definitions may refer to each other: their references are rewritten once all have their names.
    for (const [, shared] of renamed) this.components[shared] = rewriteRefs(this.components[shared], renamed) as JsonSchema;
    return rewriteRefs(rest, renamed) as JsonSchema;
  }

  /** The component name for a definition: its id, or `<id>Input` when the request side differs. */
  private share(name: string, io: 'input' | 'output', definition: JsonSchema): string {
    const candidates = [name, `${name}${io === 'input' ? 'Input' : 'Output'}`];
    for (let n = 2; candidates.length < 20; n++) candidates.push(`${name}${n}`);
    const text = JSON.stringify(definition);
    for (const candidate of candidates) {
      const known = this.asMet.get(candidate);
      if (known === text) return candidate;
      if (known === undefined) {
        this.components[candidate] = definition;
        this.asMet.set(candidate, text);
        return candidate;
      }
    }
    throw new Error(`Too many different schemas named ${name}`);
  }

  /** Each component as first met (before its references were rewritten), to recognise it again. */
  private readonly asMet = new Map<string, string>();
}

/** A copy of `value` whose `$ref`s to `#/$defs/<name>` point at the shared components. */
function rewriteRefs(value: unknown, renamed: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, renamed));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string') {
      const local = /^#\/\$defs\/(.+)$/.exec(item)?.[1];
      const name = local === undefined ? undefined : renamed.get(local);
      copy[key] = name === undefined ? item : `${COMPONENT_SCHEMAS_REF}${name}`;
    } else {
      copy[key] = rewriteRefs(item, renamed);
    }
  }
  return copy;
}
