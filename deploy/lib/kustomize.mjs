// A small kustomize for the tests (no binary here): follows resources, components, patches,
// config/secret generators, namespace, images and labels — the features deploy/ uses — and
// fails loudly on anything else, so a new feature cannot slip by unchecked.
// Generated names keep no hash suffix: kustomize renames references consistently, so checking
// references by the original names is equivalent.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

const KNOWN_FIELDS = new Set([
  'apiVersion', 'kind', 'namespace', 'resources', 'components', 'patches',
  'configMapGenerator', 'secretGenerator', 'images', 'labels',
]);
/** Kinds that have no namespace. */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'PersistentVolume', 'StorageClass', 'IngressClass']);

export function readYamlDocs(file, text = fs.readFileSync(file, 'utf8')) {
  return YAML.parseAllDocuments(text).map((doc) => {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0].message}`);
    return doc.toJS();
  }).filter((d) => d != null);
}

const clone = (o) => structuredClone(o);
const key = (o) => `${o.kind}/${o.metadata?.name}`;

/**
 * Builds the kustomization in `dir` into a list of objects. `files` maps absolute paths to
 * contents for files that exist only at deploy time (the dev secrets).
 */
export function build(dir, { files = {} } = {}) {
  const read = (file) => {
    if (files[file] != null) return files[file];
    if (!fs.existsSync(file)) throw new Error(`${path.relative(process.cwd(), file)} does not exist`);
    return fs.readFileSync(file, 'utf8');
  };
  const run = (kdir, resources, expectKind) => {
    const kfile = path.join(kdir, 'kustomization.yaml');
    const k = YAML.parse(read(kfile));
    if (k.kind !== expectKind) throw new Error(`${kfile}: expected kind ${expectKind}, got ${k.kind}`);
    for (const field of Object.keys(k)) if (!KNOWN_FIELDS.has(field)) throw new Error(`${kfile}: unsupported field ${field}`);

    for (const res of k.resources ?? []) {
      const full = path.resolve(kdir, res);
      if (fs.existsSync(full) && fs.statSync(full).isDirectory()) resources.push(...run(full, [], 'Kustomization'));
      else resources.push(...readYamlDocs(full, read(full)));
    }
    for (const comp of k.components ?? []) run(path.resolve(kdir, comp), resources, 'Component');
    for (const gen of k.configMapGenerator ?? []) generate(resources, 'ConfigMap', gen, kdir, read, kfile);
    for (const gen of k.secretGenerator ?? []) generate(resources, 'Secret', gen, kdir, read, kfile);
    for (const p of k.patches ?? []) applyPatch(resources, p, kdir, read, kfile);
    if (k.namespace) {
      for (const o of resources) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
    }
    for (const img of k.images ?? []) setImage(resources, img);
    for (const l of k.labels ?? []) {
      if (l.includeSelectors || l.includeTemplates) throw new Error(`${kfile}: only metadata labels are supported`);
      for (const o of resources) o.metadata.labels = { ...o.metadata.labels, ...l.pairs };
    }
    const seen = new Set();
    for (const o of resources) {
      const id = `${key(o)}@${o.metadata.namespace ?? ''}`;
      if (seen.has(id)) throw new Error(`${kfile}: ${key(o)} is defined twice`);
      seen.add(id);
    }
    return resources;
  };
  return run(path.resolve(dir), [], 'Kustomization');
}

function parseEnv(text) {
  const out = {};
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const i = line.indexOf('=');
    if (i < 1) throw new Error(`bad env line: ${line}`);
    out[line.slice(0, i)] = line.slice(i + 1);
  }
  return out;
}

function generate(resources, kind, gen, kdir, read, kfile) {
  for (const option of Object.keys(gen.options ?? {})) if (option !== 'labels') throw new Error(`${kfile}: unsupported generator option ${option}`);
  const data = {};
  for (const lit of gen.literals ?? []) {
    const i = lit.indexOf('=');
    data[lit.slice(0, i)] = lit.slice(i + 1);
  }
  for (const env of gen.envs ?? []) Object.assign(data, parseEnv(read(path.resolve(kdir, env))));
  for (const f of gen.files ?? []) {
    const [k, p] = f.includes('=') ? f.split('=') : [path.basename(f), f];
    data[k] = read(path.resolve(kdir, p));
  }
  const field = kind === 'Secret' ? 'stringData' : 'data';
  const existing = resources.find((o) => o.kind === kind && o.metadata.name === gen.name);
  const behavior = gen.behavior ?? 'create';
  if (behavior === 'create') {
    if (existing) throw new Error(`${kfile}: ${kind} ${gen.name} exists; use behavior merge or replace`);
    const labels = gen.options?.labels;
    resources.push({ apiVersion: 'v1', kind, metadata: { name: gen.name, ...(labels ? { labels: { ...labels } } : {}) }, ...(kind === 'Secret' ? { type: 'Opaque' } : {}), [field]: data });
  } else {
    if (!existing) throw new Error(`${kfile}: ${behavior} of ${kind} ${gen.name}, which does not exist`);
    existing[field] = behavior === 'merge' ? { ...existing[field], ...data } : data;
  }
}

function matchesSelector(labels = {}, selector) {
  // The `a=b,c!=d,e in (f, g)` forms kustomize targets accept.
  return selector.split(/,(?![^(]*\))/).every((term) => {
    let m;
    if ((m = term.match(/^\s*([\w./-]+)\s+in\s+\(([^)]*)\)\s*$/))) return m[2].split(',').map((s) => s.trim()).includes(labels[m[1]]);
    if ((m = term.match(/^\s*([\w./-]+)\s*!=\s*([\w./-]*)\s*$/))) return labels[m[1]] !== m[2];
    if ((m = term.match(/^\s*([\w./-]+)\s*==?\s*([\w./-]*)\s*$/))) return labels[m[1]] === m[2];
    throw new Error(`unsupported label selector: ${term}`);
  });
}

function applyPatch(resources, p, kdir, read, kfile) {
  const text = p.patch ?? read(path.resolve(kdir, p.path));
  const body = YAML.parse(text);
  const targets = resources.filter((o) => {
    const t = p.target ?? { kind: body.kind, name: body.metadata?.name };
    return (!t.kind || t.kind === o.kind) && (!t.name || t.name === o.metadata.name)
      && (!t.labelSelector || matchesSelector(o.metadata.labels, t.labelSelector));
  });
  if (!targets.length) throw new Error(`${kfile}: patch matches nothing: ${JSON.stringify(p.target ?? body.metadata)}`);
  for (const o of targets) {
    const patched = Array.isArray(body) ? jsonPatch(o, body, kfile) : strategicMerge(o, body);
    Object.keys(o).forEach((k) => delete o[k]);
    Object.assign(o, patched);
  }
}

function jsonPatch(obj, ops, kfile) {
  const out = clone(obj);
  for (const op of ops) {
    const parts = op.path.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = parts.pop();
    let parent = out;
    for (const part of parts) {
      if (parent[part] === undefined) throw new Error(`${kfile}: ${op.op} ${op.path}: no such path`);
      parent = parent[part];
    }
    if (op.op === 'replace' && !(last in parent)) throw new Error(`${kfile}: replace ${op.path}: no such path`);
    if (op.op === 'add' || op.op === 'replace') {
      if (Array.isArray(parent) && op.op === 'add') parent.splice(last === '-' ? parent.length : Number(last), 0, op.value);
      else parent[last] = op.value;
    } else if (op.op === 'remove') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else throw new Error(`${kfile}: unsupported JSON patch op ${op.op}`);
  }
  return out;
}

/** Strategic merge as deploy/ needs it: maps merge, lists of named items merge by name. */
export function strategicMerge(base, patch) {
  if (Array.isArray(patch)) {
    if (!Array.isArray(base) || !patch.every((i) => i && typeof i === 'object' && 'name' in i)) return clone(patch);
    const out = clone(base);
    for (const item of patch) {
      const i = out.findIndex((b) => b.name === item.name);
      if (i >= 0) out[i] = strategicMerge(out[i], item);
      else out.push(clone(item));
    }
    return out;
  }
  if (patch && typeof patch === 'object') {
    const out = base && typeof base === 'object' && !Array.isArray(base) ? clone(base) : {};
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete out[k];
      else out[k] = strategicMerge(out[k], v);
    }
    return out;
  }
  return patch;
}

export function podSpecOf(o) {
  if (o.kind === 'Pod') return o.spec;
  if (o.kind === 'CronJob') return o.spec?.jobTemplate?.spec?.template?.spec;
  return o.spec?.template?.spec;
}

export function containersOf(o) {
  const spec = podSpecOf(o);
  return spec ? [...(spec.initContainers ?? []), ...(spec.containers ?? [])] : [];
}

function setImage(resources, { name, newName, newTag, digest }) {
  for (const o of resources) {
    for (const c of containersOf(o)) {
      const m = c.image.match(/^(.*?)(?::([\w][\w.-]*))?(?:@(sha256:[0-9a-f]+))?$/);
      if (m[1] !== name) continue;
      c.image = `${newName ?? m[1]}${digest ? `@${digest}` : `:${newTag ?? m[2] ?? 'latest'}`}`;
    }
  }
}
