// deploy/examples/billing-job.yaml: svc-auth's billing command as a one-off Job. It is in no
// overlay, so kustomize renames nothing in it: checked against each built overlay the way its
// header says to create it, with the names kustomize gives generated Secrets.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { DEPLOY_DIR } from '../lib/apps.mjs';
import { containersOf, readYamlDocs } from '../lib/kustomize.mjs';
import { OVERLAYS, buildOverlay, operatorSecrets, readDeployFile, validate } from './helpers.mjs';

const FILE = 'examples/billing-job.yaml';
const text = readDeployFile(FILE);
const [job] = readYamlDocs(path.join(DEPLOY_DIR, FILE));
const header = text.split('\n').filter((line) => line.startsWith('#'));
const svcAuthScripts = JSON.parse(fs.readFileSync(path.join(DEPLOY_DIR, '..', 'svc-auth', 'package.json'), 'utf8')).scripts;

/** The generated Secrets under the names kustomize gives them (name-<hash>), their references rewritten: lib/kustomize.mjs leaves the suffix out. */
function withHashedSecretNames(objs) {
  const hashed = new Map(objs.filter((o) => o.kind === 'Secret').map((o) => [o.metadata.name, `${o.metadata.name}-5f8b7h2k9c`]));
  for (const o of objs) {
    if (o.kind === 'Secret') o.metadata.name = hashed.get(o.metadata.name);
    for (const c of containersOf(o)) {
      for (const e of c.env ?? []) if (hashed.has(e.valueFrom?.secretKeyRef?.name)) e.valueFrom.secretKeyRef.name = hashed.get(e.valueFrom.secretKeyRef.name);
      for (const f of c.envFrom ?? []) if (hashed.has(f.secretRef?.name)) f.secretRef.name = hashed.get(f.secretRef.name);
    }
  }
  return objs;
}

/**
 * The Job as the header's three commands create it next to this svc-auth Deployment: the two
 * `kubectl get … -o jsonpath` reads (evaluated here for the two paths they name), then the sed.
 */
function createdNextTo(deployment) {
  const [container] = deployment.spec.template.spec.containers;
  const reads = {
    secret: ["{.spec.template.spec.containers[0].env[?(@.name==\"DATABASE_URL\")].valueFrom.secretKeyRef.name}", container.env.find((e) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef.name],
    image: ['{.spec.template.spec.containers[0].image}', container.image],
  };
  for (const [variable, [jsonpath]] of Object.entries(reads)) {
    expect(header).toContain(`#   ${variable}=$(kubectl -n $ns get deploy svc-auth -o jsonpath='${jsonpath}')`);
  }
  const sedLine = header.find((line) => line.includes(' sed -e '));
  const expressions = [...sedLine.matchAll(/-e "s\|([^|]+)\|([^|]+)\|"/g)].map(([, pattern, replacement]) => ({
    pattern: new RegExp(pattern, 'gm'),
    replacement: replacement.replace(/\$(secret|image)/g, (_, variable) => reads[variable][1]),
  }));
  expect(expressions).toHaveLength(2);
  expect(sedLine).toMatch(/\|" deploy\/examples\/billing-job\.yaml \| kubectl -n \$ns create -f -$/);
  const created = expressions.reduce((yaml, { pattern, replacement }) => yaml.replace(pattern, replacement), text);
  return YAML.parse(created);
}

test('is a valid batch/v1 Job running the command `npm run billing -w svc-auth` runs, in svc-auth\'s image', () => {
  expect(() => validate(job)).not.toThrow();
  expect(job).toMatchObject({ apiVersion: 'batch/v1', kind: 'Job', metadata: { generateName: 'billing-' }, spec: { backoffLimit: 0, template: { spec: { restartPolicy: 'Never' } } } });
  const [container] = job.spec.template.spec.containers;
  expect(container.image).toBe('vton/svc-auth');
  expect(`node ${container.command.slice(1).join(' ')}`).toBe(svcAuthScripts.billing);
  expect(container.args.slice(0, 3)).toEqual(['credits', 'seller@example.com', '+50']);
});

describe.each(OVERLAYS)('created in overlay %s as its header says', (overlay) => {
  const objs = withHashedSecretNames(buildOverlay(overlay));
  const deployment = objs.find((o) => o.kind === 'Deployment' && o.metadata.name === 'svc-auth');
  const created = createdNextTo(deployment);
  const [container] = created.spec.template.spec.containers;
  const secrets = new Map([...objs, ...operatorSecrets(overlay)].filter((o) => o.kind === 'Secret').map((o) => [o.metadata.name, { ...o.data, ...o.stringData }]));
  const svcAuthConfig = objs.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'svc-auth-config').data;

  test('validates, and runs the image svc-auth runs there', () => {
    expect(() => validate(created)).not.toThrow();
    expect(container.image).toBe(deployment.spec.template.spec.containers[0].image);
    expect(created.spec.template.spec.serviceAccountName).toBe('svc-auth');
    expect(objs.some((o) => o.kind === 'ServiceAccount' && o.metadata.name === 'svc-auth')).toBe(true);
  });

  test('every Secret and key it reads exists there under that name; it reads no ConfigMap (their names carry a hash in every overlay)', () => {
    const refs = (container.env ?? []).filter((e) => e.valueFrom).map((e) => e.valueFrom);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(Object.keys(ref)).toEqual(['secretKeyRef']);
      const { name, key } = ref.secretKeyRef;
      expect(`${name} ${key}: ${secrets.has(name) && key in secrets.get(name)}`).toBe(`${name} ${key}: true`);
    }
    expect(container.envFrom).toBeUndefined();
    // svc-auth's own DATABASE_URL, the one variable the command needs from a Secret.
    expect(refs.map((r) => r.secretKeyRef)).toEqual([deployment.spec.template.spec.containers[0].env.find((e) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef]);
  });

  test("sets the variables the command reads as svc-auth's pods have them (its schema, the trial), leaving migrations to the migrations Job", () => {
    const env = Object.fromEntries(container.env.filter((e) => 'value' in e).map((e) => [e.name, e.value]));
    expect(env).toEqual({
      DATABASE_SCHEMA: svcAuthConfig.DATABASE_SCHEMA,
      MIGRATIONS_RUN: 'false',
      TRIAL_CREDITS: svcAuthConfig.TRIAL_CREDITS,
      TRIAL_DAYS: svcAuthConfig.TRIAL_DAYS,
    });
  });
});
