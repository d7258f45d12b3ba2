import { z } from 'zod';
import type { RegisteredRoute, Services } from '../../core/services.ts';

/**
 * `GET /api/abp/api-definition` (wire contract §6), generated from the registered routes
 * and the Zod schemas that validate them (the same source as the OpenAPI document).
 * Module = first path segment after /api, controller = the second, one action per
 * method + path.
 */
type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  $ref?: string;
};

interface PropertyModel {
  name: string;
  jsonName: string;
  type: string;
  typeSimple: string;
  isRequired: boolean;
  minLength: number | null;
  maxLength: number | null;
  minimum: string | null;
  maximum: string | null;
  regex: string | null;
}

interface TypeModel {
  baseType: string | null;
  isEnum: boolean;
  enumNames: string[] | null;
  enumValues: unknown[] | null;
  genericArguments: string[] | null;
  properties: PropertyModel[] | null;
}

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join('');

const isParam = (segment: string) => segment.startsWith(':') || segment === '*';
const paramName = (segment: string) => (segment === '*' ? 'path' : segment.slice(1).replace(/\(.*$/, ''));

function toJsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema | null {
  if (!schema || typeof schema !== 'object') return null;
  if (schema instanceof z.ZodType) {
    try {
      return z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline', cycles: 'ref' }) as JsonSchema;
    } catch {
      return {};
    }
  }
  return schema as JsonSchema;
}

/** Drops a `null` branch: `string | null` is an optional string on the wire. */
function unwrapNullable(s: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const rest = branches.filter((b) => b.type !== 'null');
    if (rest.length === 1 && rest.length < branches.length) return { schema: rest[0], nullable: true };
  }
  if (Array.isArray(s.type) && s.type.includes('null')) {
    const types = s.type.filter((x) => x !== 'null');
    return { schema: { ...s, type: types.length === 1 ? types[0] : types }, nullable: true };
  }
  return { schema: s, nullable: false };
}

class TypeCollector {
  readonly types: Record<string, TypeModel> = {};

  /** .NET-style full type and ABP `typeSimple` of a schema; objects become named types. */
  describe(input: JsonSchema, name: string): { type: string; typeSimple: string } {
    const { schema: s, nullable } = unwrapNullable(input);
    const q = nullable ? '?' : '';
    if (s.$ref) return { type: 'System.Object', typeSimple: 'object' };
    const type = Array.isArray(s.type) ? undefined : s.type;
    if (s.enum || s.const !== undefined) {
      const values = s.enum ?? [s.const];
      const allNumbers = values.every((v) => typeof v === 'number');
      return allNumbers
        ? { type: 'System.Int32', typeSimple: `number${q}` }
        : { type: 'System.String', typeSimple: `string${q}` };
    }
    switch (type) {
      case 'string':
        if (s.format === 'uuid' || s.format === 'guid') return { type: 'System.Guid', typeSimple: `string${q}` };
        if (s.format === 'date-time') return { type: 'System.DateTime', typeSimple: `string${q}` };
        return { type: 'System.String', typeSimple: `string${q}` };
      case 'integer':
        return { type: 'System.Int32', typeSimple: `number${q}` };
      case 'number':
        return { type: 'System.Double', typeSimple: `number${q}` };
      case 'boolean':
        return { type: 'System.Boolean', typeSimple: `boolean${q}` };
      case 'array': {
        const item = this.describe(s.items ?? {}, `${name}Item`);
        return { type: `[${item.type}]`, typeSimple: `[${item.typeSimple}]` };
      }
      case 'object': {
        if (!s.properties || Object.keys(s.properties).length === 0) {
          return {
            type: 'System.Collections.Generic.Dictionary<System.String,System.Object>',
            typeSimple: '{string:object}',
          };
        }
        this.addObject(name, s);
        return { type: name, typeSimple: name };
      }
      default:
        return { type: 'System.Object', typeSimple: 'object' };
    }
  }

  private addObject(name: string, s: JsonSchema) {
    if (this.types[name]) return;
    const model: TypeModel = {
      baseType: null,
      isEnum: false,
      enumNames: null,
      enumValues: null,
      genericArguments: null,
      properties: [],
    };
    this.types[name] = model;
    const required = new Set(s.required ?? []);
    for (const [prop, ps] of Object.entries(s.properties ?? {})) {
      const { schema: inner } = unwrapNullable(ps);
      const d = this.describe(ps, `${name}${pascal(prop)}`);
      model.properties!.push({
        name: pascal(prop),
        jsonName: prop,
        type: d.type,
        typeSimple: d.typeSimple,
        isRequired: required.has(prop),
        minLength: inner.minLength ?? null,
        maxLength: inner.maxLength ?? null,
        minimum: inner.minimum !== undefined ? String(inner.minimum) : null,
        maximum: inner.maximum !== undefined ? String(inner.maximum) : null,
        regex: inner.pattern ?? null,
      });
    }
  }
}

function buildAction(route: RegisteredRoute, segments: string[], typeNamePrefix: string, types: TypeCollector) {
  const rest = segments.slice(3);
  const method = route.method.toUpperCase();
  const verb = pascal(method.toLowerCase());
  const name = verb + rest.map((s) => (isParam(s) ? `By${pascal(paramName(s))}` : pascal(s))).join('');
  const uniqueName = `${name}Async`;
  const url = segments.map((s) => (isParam(s) ? `{${paramName(s)}}` : s)).join('/');
  const parametersOnMethod: unknown[] = [];
  const parameters: unknown[] = [];

  const addFlat = (schema: JsonSchema | null, binding: 'Path' | 'Query') => {
    if (!schema?.properties) return;
    const required = new Set(schema.required ?? []);
    for (const [prop, ps] of Object.entries(schema.properties)) {
      const d = types.describe(ps, `${typeNamePrefix}${name}${pascal(prop)}`);
      const isOptional = binding === 'Query' && !required.has(prop);
      const defaultValue = ps.default ?? null;
      parametersOnMethod.push({
        name: prop,
        typeAsString: d.type,
        type: d.type,
        typeSimple: d.typeSimple,
        isOptional,
        defaultValue,
      });
      parameters.push({
        nameOnMethod: prop,
        name: prop,
        jsonName: null,
        type: d.type,
        typeSimple: d.typeSimple,
        isOptional,
        defaultValue,
        constraintTypes: binding === 'Path' ? [] : null,
        bindingSourceId: binding,
        descriptorName: '',
      });
    }
  };

  const params = toJsonSchema(route.schema?.params, 'input');
  if (params?.properties) addFlat(params, 'Path');
  else {
    // Routes without a params schema still have their path parameters.
    const names = segments.filter(isParam).map(paramName);
    addFlat(
      { type: 'object', properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])), required: names },
      'Path',
    );
  }
  addFlat(toJsonSchema(route.schema?.querystring, 'input'), 'Query');

  const body = toJsonSchema(route.schema?.body, 'input');
  if (body) {
    const d = types.describe(body, `${typeNamePrefix}${name}Input`);
    parametersOnMethod.push({
      name: 'input',
      typeAsString: d.type,
      type: d.type,
      typeSimple: d.typeSimple,
      isOptional: false,
      defaultValue: null,
    });
    parameters.push({
      nameOnMethod: 'input',
      name: 'input',
      jsonName: null,
      type: d.type,
      typeSimple: d.typeSimple,
      isOptional: false,
      defaultValue: null,
      constraintTypes: null,
      bindingSourceId: 'Body',
      descriptorName: '',
    });
  }

  const responses = route.schema?.response ?? {};
  const ok = responses[200] ?? responses[201];
  let returnValue = { type: 'System.Void', typeSimple: 'System.Void' };
  if (ok) {
    const out = toJsonSchema(ok, 'output');
    if (out) returnValue = types.describe(out, `${typeNamePrefix}${name}Output`);
  } else if (!responses[204] && method === 'GET') {
    returnValue = { type: 'System.Object', typeSimple: 'object' };
  }

  return {
    uniqueName,
    name,
    httpMethod: method,
    url,
    supportedVersions: [],
    parametersOnMethod,
    parameters,
    returnValue,
    allowAnonymous: route.config?.anonymous === true,
    implementFrom: null,
  };
}

type Definition = {
  modules: Record<string, { rootPath: string; remoteServiceName: string; controllers: Record<string, unknown> }>;
  types: Record<string, TypeModel>;
};

export function buildApiDefinition(routes: readonly RegisteredRoute[], includeTypes: boolean): Definition {
  const modules: Definition['modules'] = {};
  const types = new TypeCollector();
  const seen = new Set<string>();
  for (const route of routes) {
    if (!route.url.startsWith('/api/')) continue;
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const segments = route.url.split('/').filter(Boolean);
    const rootPath = segments[1];
    if (!rootPath || isParam(rootPath)) continue;
    const controllerSegment = segments[2] && !isParam(segments[2]) ? segments[2] : rootPath;
    if (!modules[rootPath]) modules[rootPath] = { rootPath, remoteServiceName: rootPath, controllers: {} };
    const mod = modules[rootPath];
    const controllerName = pascal(controllerSegment);
    const type = `${pascal(rootPath)}.${controllerName}Controller`;
    mod.controllers[type] ??= {
      controllerName,
      controllerGroupName: controllerName,
      isRemoteService: true,
      isIntegrationService: false,
      apiVersion: null,
      type,
      interfaces: [],
      actions: {},
    };
    const controller = mod.controllers[type] as { actions: Record<string, ReturnType<typeof buildAction>> };
    const action = buildAction(route, segments, `${pascal(rootPath)}.${controllerName}`, types);
    let unique = action.uniqueName;
    for (let n = 2; controller.actions[unique]; n++) unique = `${action.uniqueName}${n}`;
    controller.actions[unique] = { ...action, uniqueName: unique };
  }
  return { modules, types: includeTypes ? types.types : {} };
}

const cached = new WeakMap<object, Map<string, string>>();

/** The definition as JSON, built once per process and flag (routes do not change after start). */
export function apiDefinitionJson(services: Pick<Services, 'routes'>, includeTypes: boolean): string {
  let byFlag = cached.get(services.routes);
  if (!byFlag) {
    byFlag = new Map();
    cached.set(services.routes, byFlag);
  }
  const key = `${includeTypes}:${services.routes.length}`;
  let json = byFlag.get(key);
  if (!json) {
    json = JSON.stringify(buildApiDefinition(services.routes, includeTypes));
    byFlag.set(key, json);
  }
  return json;
}
