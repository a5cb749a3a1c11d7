// What a cluster would reject or get wrong, checked offline on every YAML file and on the two
// overlays as deploy/lib/kustomize.mjs builds them.
import { jest } from '@jest/globals';
import {
  DEFAULT_TRIAL_CREDITS, DEFAULT_TRIAL_DAYS, FALLBACK_ROUTE, REMOTE_ROUTES, SERVICE_ROUTES, REMOTES_CONFIG_PATH,
} from '@vton/contracts';
import { deployedApps } from '../lib/apps.mjs';
import { containersOf, podSpecOf, readYamlDocs } from '../lib/kustomize.mjs';
import {
  OVERLAYS, buildOverlay, embeddedPostgresMajor, isKustomization, operatorSecrets, readDeployFile, validate, yamlFiles,
} from './helpers.mjs';
import path from 'node:path';
import { DEPLOY_DIR } from '../lib/apps.mjs';
import { GATEWAY_FILE, GATEWAY_NAME, UPSTREAM_IDLE_TIMEOUT_SECONDS, renderGatewayYaml } from '../lib/gateway-api.mjs';
import fs from 'node:fs';

/** The Secrets a Gateway's TLS listeners present. */
const gatewayCertificates = (gateway) => gateway.spec.listeners.flatMap((l) => (l.tls?.certificateRefs ?? []).map((c) => c.name));

jest.setTimeout(20_000);

const apps = deployedApps();
const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'Job', 'DaemonSet']);
const find = (objs, kind, name) => objs.find((o) => o.kind === kind && o.metadata.name === name);
const selects = (selector = {}, labels = {}) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);
const podLabels = (o) => o.spec.template.metadata.labels;
/** Deployments that may run more than one pod: replicas > 1, or an HPA / KEDA ScaledObject allowing more. */
const multiReplica = (objs) => objs.filter((o) => o.kind === 'Deployment').filter((d) => {
  const scaler = objs.find((o) => ['HorizontalPodAutoscaler', 'ScaledObject'].includes(o.kind) && o.spec.scaleTargetRef.name === d.metadata.name);
  return (d.spec.replicas ?? 1) > 1 || (scaler?.spec.maxReplicas ?? scaler?.spec.maxReplicaCount ?? 1) > 1;
});

describe('every YAML file', () => {
  test.each(yamlFiles())('%s parses and each object passes kubernetes-models validation', (file) => {
    const docs = readYamlDocs(path.join(DEPLOY_DIR, file));
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) {
      if (isKustomization(doc)) continue;
      expect(() => validate(doc)).not.toThrow();
    }
  });

  test('no image is untagged or :latest, except the vton/* placeholders every overlay pins', () => {
    for (const file of yamlFiles()) {
      for (const doc of readYamlDocs(path.join(DEPLOY_DIR, file)).filter((d) => !isKustomization(d))) {
        for (const c of containersOf(doc)) {
          if (/^vton\/[\w-]+$/.test(c.image)) continue;
          expect(`${file}: ${c.image}`).toMatch(/:(?!latest$)[\w][\w.-]*$|@sha256:[0-9a-f]{64}$/);
        }
      }
    }
  });

  test('no literal secrets: secret-like variables come from Secrets, and committed Secrets are empty', () => {
    const secretLike = /PASSWORD|SECRET|PRIVATE_KEY|ACCESS_KEY|TOKEN|DATABASE_URL|SMTP_URL/;
    for (const file of yamlFiles()) {
      for (const doc of readYamlDocs(path.join(DEPLOY_DIR, file))) {
        if (doc.kind === 'Secret') {
          expect(file).toMatch(/secrets\.example\.yaml$/);
          expect(doc.data ?? {}).toEqual({});
          for (const v of Object.values(doc.stringData ?? {})) expect(v).toBe('');
        }
        if (doc.kind === 'ConfigMap') for (const k of Object.keys(doc.data ?? {})) expect(`${file}: ${k}`).not.toMatch(secretLike);
        for (const c of containersOf(doc)) {
          for (const e of c.env ?? []) if (secretLike.test(e.name)) expect(`${file}: ${e.name} ${JSON.stringify(e.valueFrom)}`).toMatch(/secretKeyRef/);
        }
      }
      if (file.endsWith('kustomization.yaml')) {
        const k = readYamlDocs(path.join(DEPLOY_DIR, file))[0];
        for (const gen of k.configMapGenerator ?? []) for (const lit of gen.literals ?? []) expect(`${file}: ${lit}`).not.toMatch(new RegExp(`^[A-Z_]*(${secretLike.source})`));
        for (const gen of k.secretGenerator ?? []) expect(gen.literals ?? []).toEqual([]);
      }
    }
  });
});

test('base/gateway.yaml is what deploy/lib/gateway-api.mjs renders from the routing table (npm run gateway-routes -w deploy)', () => {
  expect(fs.readFileSync(GATEWAY_FILE, 'utf8')).toBe(renderGatewayYaml());
});

test('prod: TLS at the Gateway from cert-manager, the app routes on HTTPS for the public host, plain HTTP redirected', () => {
  const objs = buildOverlay('prod');
  const gateway = find(objs, 'Gateway', GATEWAY_NAME);
  expect(gateway.metadata.annotations['cert-manager.io/cluster-issuer']).toBeTruthy();
  const https = gateway.spec.listeners.find((l) => l.name === 'https');
  expect(https).toMatchObject({ protocol: 'HTTPS', port: 443, hostname: 'tryon.example.com', tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: 'vton-tls' }] } });
  for (const r of objs.filter((o) => o.kind === 'HTTPRoute' && o.metadata.labels?.['app.kubernetes.io/component'] === 'routing')) {
    expect(r.spec.parentRefs).toEqual([{ name: GATEWAY_NAME, sectionName: 'https' }]);
  }
  const redirect = find(objs, 'HTTPRoute', 'http-to-https');
  expect(redirect.spec.parentRefs).toEqual([{ name: GATEWAY_NAME, sectionName: 'http' }]);
  expect(redirect.spec.rules[0].filters).toEqual([{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 301 } }]);
});

describe('every app in the repo', () => {
  test('the root workspaces give the eight apps', () => {
    expect(apps.map((a) => a.name).sort()).toEqual(
      ['mfe-docs', 'mfe-gallery', 'mfe-marketing', 'mfe-studio', 'shell', 'svc-auth', 'svc-generation', 'svc-media'],
    );
  });

  test.each(apps.map((a) => [a.name, a]))('%s has base manifests (ServiceAccount, Deployment, Service) and is in base/kustomization.yaml', (name) => {
    const docs = readYamlDocs(path.join(DEPLOY_DIR, 'base', `${name}.yaml`));
    for (const kind of ['ServiceAccount', 'Deployment', 'Service']) expect(find(docs, kind, name)).toBeDefined();
    expect(readYamlDocs(path.join(DEPLOY_DIR, 'base/kustomization.yaml'))[0].resources).toContain(`${name}.yaml`);
  });
});

describe.each(OVERLAYS)('overlay %s', (overlay) => {
  const objs = buildOverlay(overlay);
  const configMaps = new Map(objs.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o.data ?? {}]));
  const secrets = new Map([...objs, ...operatorSecrets(overlay)].filter((o) => o.kind === 'Secret')
    .map((o) => [o.metadata.name, { ...o.data, ...o.stringData }]));

  test('every built object passes kubernetes-models validation', () => {
    for (const o of objs) expect(() => validate(o)).not.toThrow();
  });

  test('every app is deployed with its image, pinned to a tag or digest that is not latest', () => {
    for (const app of apps) {
      const d = find(objs, 'Deployment', app.name);
      expect(d).toBeDefined();
      expect(d.spec.template.spec.containers[0].image).toMatch(new RegExp(`(^|/)vton/${app.name}(:(?!latest$)[\\w.-]+|@sha256:[0-9a-f]{64})$`));
    }
    for (const o of objs) for (const c of containersOf(o)) expect(c.image).toMatch(/:(?!latest$)[\w][\w.-]*$|@sha256:[0-9a-f]{64}$/);
  });

  test('every Deployment and StatefulSet has a Service with a matching selector and port, and no Service selects two workloads', () => {
    const services = objs.filter((o) => o.kind === 'Service');
    for (const w of objs.filter((o) => ['Deployment', 'StatefulSet'].includes(o.kind))) {
      expect(selects(w.spec.selector.matchLabels, podLabels(w))).toBe(true);
      const svc = services.find((s) => selects(s.spec.selector, podLabels(w)));
      expect(`${w.kind}/${w.metadata.name}: ${svc?.metadata.name}`).toBe(`${w.kind}/${w.metadata.name}: ${svc ? svc.metadata.name : 'a Service'}`);
      const ports = containersOf(w).flatMap((c) => c.ports ?? []);
      for (const p of svc.spec.ports) {
        const target = p.targetPort ?? p.port;
        expect(ports.some((cp) => cp.name === target || cp.containerPort === target)).toBe(true);
      }
    }
    for (const s of services) {
      const selected = objs.filter((o) => WORKLOADS.has(o.kind) && selects(s.spec.selector, podLabels(o)));
      expect(`${s.metadata.name}: ${selected.map((o) => o.metadata.name)}`).toBe(`${s.metadata.name}: ${selected.length === 1 ? selected[0].metadata.name : '<exactly one workload>'}`);
    }
  });

  test.each(apps.map((a) => [a.name, a]))('%s probes its real health paths on its port', (name, app) => {
    const d = find(objs, 'Deployment', name);
    const c = d.spec.template.spec.containers[0];
    const portOf = (probe) => c.ports.find((p) => p.name === probe.httpGet.port || p.containerPort === probe.httpGet.port)?.containerPort;
    expect(c.readinessProbe.httpGet.path).toBe(app.readinessPath);
    expect(c.livenessProbe.httpGet.path).toBe(app.livenessPath);
    expect(portOf(c.readinessProbe)).toBe(app.port);
    expect(portOf(c.livenessProbe)).toBe(app.port);
    expect(c.env.find((e) => e.name === 'PORT')?.value).toBe(String(app.port));
    if (app.kind === 'service') {
      // Services connect to Postgres before they answer: a startup probe guards the slow start.
      expect(c.startupProbe.httpGet.path).toBe(app.livenessPath);
    }
  });

  test('every pod is hardened and sized, and terminates after the readiness period has passed', () => {
    for (const o of objs.filter((x) => WORKLOADS.has(x.kind))) {
      const spec = podSpecOf(o);
      const where = `${o.kind}/${o.metadata.name}`;
      expect([where, spec.securityContext?.runAsNonRoot]).toEqual([where, true]);
      expect([where, spec.securityContext?.seccompProfile?.type]).toEqual([where, 'RuntimeDefault']);
      expect([where, spec.automountServiceAccountToken]).toEqual([where, false]);
      for (const c of containersOf(o)) {
        expect([where, c.securityContext]).toMatchObject([where, {
          allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] },
        }]);
        expect([where, c.resources]).toMatchObject([where, {
          requests: { cpu: expect.anything(), memory: expect.anything() }, limits: { memory: expect.anything() },
        }]);
        if (c.readinessProbe && o.kind !== 'StatefulSet') {
          const r = c.readinessProbe;
          const readinessPeriod = (r.periodSeconds ?? 10) * (r.failureThreshold ?? 3) + (c.lifecycle?.preStop?.sleep?.seconds ?? 0);
          expect([where, spec.terminationGracePeriodSeconds > readinessPeriod]).toEqual([where, true]);
        }
      }
    }
  });

  test('every referenced ConfigMap and Secret, and every referenced key, exists', () => {
    const missing = [];
    const need = (kind, name, keyName, where) => {
      const map = kind === 'ConfigMap' ? configMaps : secrets;
      if (!map.has(name)) missing.push(`${where}: ${kind} ${name}`);
      else if (keyName && !(keyName in map.get(name))) missing.push(`${where}: ${kind} ${name} key ${keyName}`);
    };
    for (const o of objs) {
      const where = `${o.kind}/${o.metadata.name}`;
      for (const c of containersOf(o)) {
        for (const f of c.envFrom ?? []) {
          if (f.configMapRef && !f.configMapRef.optional) need('ConfigMap', f.configMapRef.name, null, where);
          if (f.secretRef && !f.secretRef.optional) need('Secret', f.secretRef.name, null, where);
        }
        for (const e of c.env ?? []) {
          const cm = e.valueFrom?.configMapKeyRef;
          const sk = e.valueFrom?.secretKeyRef;
          if (cm && !cm.optional) need('ConfigMap', cm.name, cm.key, where);
          if (sk && !sk.optional) need('Secret', sk.name, sk.key, where);
        }
      }
      for (const v of podSpecOf(o)?.volumes ?? []) {
        if (v.configMap) for (const i of v.configMap.items ?? [{}]) need('ConfigMap', v.configMap.name, i.key, where);
        if (v.secret && !v.secret.optional) for (const i of v.secret.items ?? [{}]) need('Secret', v.secret.secretName, i.key, where);
      }
      if (o.kind === 'Gateway') for (const ref of gatewayCertificates(o)) need('Secret', ref, 'tls.crt', where);
    }
    expect(missing).toEqual([]);
  });

  test('operator-provided Secrets are exactly the ones the overlay references', () => {
    const provided = operatorSecrets(overlay).map((s) => s.metadata.name).sort();
    const referenced = new Set();
    // Secrets a pod can do without (Stripe billing): the operator may or may not create them.
    const optional = new Set();
    for (const o of objs) {
      for (const c of containersOf(o)) for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef) (e.valueFrom.secretKeyRef.optional ? optional : referenced).add(e.valueFrom.secretKeyRef.name);
      if (o.kind === 'Gateway') for (const ref of gatewayCertificates(o)) referenced.add(ref);
    }
    const inOverlay = new Set(objs.filter((o) => o.kind === 'Secret').map((o) => o.metadata.name));
    const expected = [...referenced].filter((n) => !inOverlay.has(n));
    expect(provided.filter((n) => !optional.has(n) || referenced.has(n))).toEqual(expected.sort());
    for (const n of provided) expect(referenced.has(n) || optional.has(n)).toBe(true);
    // An overlay either generates a Secret or expects it from the operator, never both.
    for (const n of provided) expect(inOverlay.has(n)).toBe(false);
  });

  test('each service gets every variable it needs, and migrations are left to the Jobs', () => {
    const required = {
      'svc-auth': ['DATABASE_URL', 'DATABASE_SCHEMA', 'JWT_PRIVATE_KEY', 'SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL'],
      'svc-media': ['DATABASE_URL', 'DATABASE_SCHEMA', 'AUTH_JWKS_URL', 'S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_BUCKET', 'S3_REGION', 'MEDIA_URL_SIGNING_SECRET'],
      'svc-generation': ['DATABASE_URL', 'DATABASE_SCHEMA', 'AUTH_JWKS_URL', 'MEDIA_SERVICE_URL', 'VTON_API_URL', 'VTON_CONCURRENCY', 'MAX_QUEUED_MODELS_PER_ACCOUNT', 'MAX_RUN_CELLS', 'VTON_MAX_ATTEMPTS', 'WORKER_LEASE_SECONDS'],
      'svc-generation-worker': [
        'DATABASE_URL', 'DATABASE_SCHEMA', 'MEDIA_SERVICE_URL', 'VTON_API_URL', 'VTON_TIMEOUT_MS', 'VTON_CONCURRENCY', 'VTON_MAX_ATTEMPTS',
        'GENERATION_SERVICE_SECRET', 'WORKER_CONCURRENCY', 'WORKER_LEASE_SECONDS', 'WORKER_DRAIN_MS',
      ],
    };
    required['svc-media'].push('GENERATION_SERVICE_SECRET');
    for (const [svc, vars] of Object.entries(required)) {
      const c = find(objs, 'Deployment', svc).spec.template.spec.containers[0];
      const env = {};
      for (const f of c.envFrom ?? []) Object.assign(env, configMaps.get(f.configMapRef?.name) ?? {});
      for (const e of c.env ?? []) env[e.name] = e.value ?? `<${e.valueFrom ? 'ref' : ''}>`;
      // TRUSTED_PROXIES is required in a pod: the service refuses to start without it.
      for (const v of [...vars, 'PORT', 'HOST', 'LOG_LEVEL', 'JSON_BODY_LIMIT', 'TRUSTED_PROXIES']) expect(`${svc} ${v}: ${v in env}`).toBe(`${svc} ${v}: true`);
      expect(env.MIGRATIONS_RUN).toBe('false');
      expect(env.DATABASE_SCHEMA).toBe({ 'svc-auth': 'auth', 'svc-media': 'media', 'svc-generation': 'generation', 'svc-generation-worker': 'generation' }[svc]);
    }
  });

  test("every app's and worker's pods keep an idle connection longer than any Gateway implementation's proxies keep theirs (HTTP_KEEP_ALIVE_TIMEOUT_SECONDS)", () => {
    const longest = Math.max(...Object.values(UPSTREAM_IDLE_TIMEOUT_SECONDS));
    const servers = objs.filter((o) => o.kind === 'Deployment' && /^(svc-|shell$|mfe-)/.test(o.metadata.name));
    expect(servers.map((d) => d.metadata.name).sort()).toEqual([...apps.map((a) => a.name), 'svc-generation-worker'].sort());
    for (const d of servers) {
      const c = d.spec.template.spec.containers[0];
      const env = Object.assign({}, ...(c.envFrom ?? []).map((f) => configMaps.get(f.configMapRef?.name) ?? {}));
      for (const e of c.env ?? []) if ('value' in e) env[e.name] = e.value;
      const seconds = env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS;
      expect(`${d.metadata.name} ${seconds} s outlasts ${longest} s: ${/^\d+$/.test(seconds ?? '') && Number(seconds) > longest}`)
        .toBe(`${d.metadata.name} ${seconds} s outlasts ${longest} s: true`);
    }
  });

  test("new accounts get the product's trial, 10 credits for 7 days (npm start's 100 credits are for trying the studio locally)", () => {
    const c = find(objs, 'Deployment', 'svc-auth').spec.template.spec.containers[0];
    const env = Object.assign({}, ...(c.envFrom ?? []).map((f) => configMaps.get(f.configMapRef?.name) ?? {}));
    for (const e of c.env ?? []) if ('value' in e) env[e.name] = e.value;
    expect({ TRIAL_CREDITS: env.TRIAL_CREDITS, TRIAL_DAYS: env.TRIAL_DAYS }).toEqual({ TRIAL_CREDITS: '10', TRIAL_DAYS: '7' });
    // The same as svc-auth's own defaults: an overlay that dropped them would change nothing.
    expect([DEFAULT_TRIAL_CREDITS, DEFAULT_TRIAL_DAYS]).toEqual([10, 7]);
  });

  test('HSTS is sent behind TLS in prod (services and frontends), never over plain HTTP in dev', () => {
    for (const [overlay, expected] of [['dev', '0'], ['prod', '31536000']]) {
      const built = buildOverlay(overlay);
      const maps = new Map(built.filter((o) => o.kind === 'ConfigMap').map((o) => [o.metadata.name, o.data]));
      for (const d of built.filter((o) => o.kind === 'Deployment' && /^(svc-|shell|mfe-)/.test(o.metadata.name))) {
        const c = d.spec.template.spec.containers[0];
        const env = Object.assign({}, ...(c.envFrom ?? []).map((f) => maps.get(f.configMapRef?.name) ?? {}));
        expect(`${overlay} ${d.metadata.name} HSTS ${env.HSTS_MAX_AGE_SECONDS}`).toBe(`${overlay} ${d.metadata.name} HSTS ${expected}`);
      }
    }
    expect(find(buildOverlay('prod'), 'Gateway', 'vton-studio').spec.listeners.find((l) => l.protocol === 'HTTPS')?.tls.certificateRefs).toHaveLength(1);
  });

  test('each service has a migrations Job with its image, its whole environment and migrate.js', () => {
    for (const app of apps.filter((a) => a.kind === 'service')) {
      const d = find(objs, 'Deployment', app.name).spec.template.spec.containers[0];
      const job = find(objs, 'Job', `${app.name}-migrate`);
      expect(job).toBeDefined();
      const c = job.spec.template.spec.containers[0];
      expect(c.image).toBe(d.image);
      expect(c.command).toEqual(['node', 'dist/database/migrate.js']);
      expect(c.envFrom).toEqual(d.envFrom);
      const names = (c.env ?? []).map((e) => e.name);
      for (const e of d.env.filter((x) => x.valueFrom)) expect(names).toContain(e.name);
      expect(job.metadata.labels['app.kubernetes.io/component']).toBe('migrations');
      // apply.sh holds back exactly the app Deployments until the Jobs completed.
      expect(find(objs, 'Deployment', app.name).metadata.labels['vton.io/rollout']).toBe('after-migrations');
      expect(job.metadata.labels['vton.io/rollout']).toBeUndefined();
    }
  });

  test('no Ingress: the Gateway API routes the one origin (a Gateway and the HTTPRoutes)', () => {
    expect(objs.filter((o) => o.kind === 'Ingress')).toEqual([]);
    expect(objs.filter((o) => o.kind === 'Gateway').map((o) => o.metadata.name)).toEqual([GATEWAY_NAME]);
  });

  test('the HTTPRoutes\' table equals the routing table in @vton/contracts, to each Service\'s port, paths unchanged', () => {
    const routes = objs.filter((o) => o.kind === 'HTTPRoute' && o.metadata.labels?.['app.kubernetes.io/component'] === 'routing');
    const table = routes.flatMap((r) => r.spec.rules.flatMap((rule) => rule.matches.map((m) => ({
      prefix: m.path.value, type: m.path.type, app: rule.backendRefs[0].name, port: rule.backendRefs[0].port,
    }))));
    const servicePort = (name) => find(objs, 'Service', name).spec.ports.find((p) => p.name === 'http').port;
    const expected = [...SERVICE_ROUTES, ...REMOTE_ROUTES, FALLBACK_ROUTE].map((r) => ({ prefix: r.prefix, type: 'PathPrefix', app: r.app, port: servicePort(r.app) }));
    const sort = (t) => [...t].sort((a, b) => a.prefix.localeCompare(b.prefix));
    expect(sort(table)).toEqual(sort(expected));
    for (const r of routes) {
      // Forwarded unchanged (no URLRewrite), to one backend, attached to this overlay's Gateway.
      for (const rule of r.spec.rules) expect(rule.filters ?? []).toEqual([]);
      for (const rule of r.spec.rules) expect(rule.backendRefs).toHaveLength(1);
      expect(r.spec.parentRefs.map((p) => p.name)).toEqual([GATEWAY_NAME]);
    }
  });

  test('every service route has explicit timeouts: request >= backendRequest, bounded for svc-auth and svc-media, none for svc-generation (its event streams)', () => {
    /** A GEP-2257 duration ("90s", "1h30m", "500ms") in milliseconds; 0 is no timeout. */
    const ms = (duration) => {
      expect(duration).toMatch(/^([0-9]{1,5}(h|m|s|ms)){1,4}$/);
      const unit = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
      return [...duration.matchAll(/(\d+)(ms|h|m|s)/g)].reduce((sum, [, n, u]) => sum + Number(n) * unit[u], 0);
    };
    const timeouts = (app) => {
      const { request, backendRequest, ...other } = find(objs, 'HTTPRoute', app).spec.rules[0].timeouts ?? {};
      expect(other).toEqual({});
      return { request: ms(request), backendRequest: ms(backendRequest) };
    };
    for (const app of ['svc-auth', 'svc-media']) {
      const { request, backendRequest } = timeouts(app);
      expect(backendRequest).toBeGreaterThan(0);
      // The CRD's own rule (a CEL rule, which the schema validation above does not run).
      expect(request).toBeGreaterThanOrEqual(backendRequest);
    }
    // Uploads and downloads of images go through svc-media, not svc-auth.
    expect(timeouts('svc-media').backendRequest).toBeGreaterThan(timeouts('svc-auth').backendRequest);
    // A job's event stream is not cut.
    expect(timeouts('svc-generation')).toEqual({ request: 0, backendRequest: 0 });
  });

  test('every route attaches to a listener of the Gateway that exists and admits it', () => {
    const gateway = find(objs, 'Gateway', GATEWAY_NAME);
    for (const r of objs.filter((o) => o.kind === 'HTTPRoute')) {
      for (const ref of r.spec.parentRefs) {
        const listeners = gateway.spec.listeners.filter((l) => !ref.sectionName || l.name === ref.sectionName);
        expect(`${r.metadata.name} → ${ref.sectionName ?? '*'}: ${listeners.length}`).not.toMatch(/: 0$/);
        for (const l of listeners) expect(l.allowedRoutes.namespaces.from).toBe('Same');
      }
    }
  });

  test('the shell gets the remotes config at the path its image serves /config/remotes.json from', () => {
    const shell = find(objs, 'Deployment', 'shell').spec.template.spec;
    const mount = shell.containers[0].volumeMounts.find((m) => m.mountPath === `/app/shell/dist${REMOTES_CONFIG_PATH}`);
    expect(mount).toBeDefined();
    const volume = shell.volumes.find((v) => v.name === mount.name);
    const config = JSON.parse(configMaps.get(volume.configMap.name)[mount.subPath]);
    expect(config.remotes.map((r) => r.name).sort()).toEqual(REMOTE_ROUTES.map((r) => r.scope).sort());
    for (const r of config.remotes) {
      const route = REMOTE_ROUTES.find((x) => x.scope === r.name);
      expect(r.entry).toMatch(new RegExp(`^${route.prefix}/remoteEntry\\.js(\\?v=[\\w.-]+)?$`));
    }
    // The shell image keeps its build at /app/shell/dist (deploy/docker/shell.Dockerfile).
    expect(readDeployFile('docker/shell.Dockerfile')).toMatch(/COPY --from=build \/repo\/shell\/dist \/app\/shell\/dist/);
  });

  test('svc-generation\'s workers: the API\'s image through the worker entry point, the shared service secret, probes on their port, a PDB, and a grace period covering the drain', () => {
    const api = find(objs, 'Deployment', 'svc-generation');
    const worker = find(objs, 'Deployment', 'svc-generation-worker');
    const c = worker.spec.template.spec.containers[0];
    expect(c.image).toBe(api.spec.template.spec.containers[0].image);
    expect(c.command).toEqual(['node', '--enable-source-maps', 'dist/worker-main.js']);
    // The API runs the image's own command (dist/main.js): it queues work and runs none.
    expect(api.spec.template.spec.containers[0].command).toBeUndefined();
    expect(worker.spec.replicas).toBeUndefined();
    expect(worker.metadata.labels['vton.io/rollout']).toBe('after-migrations');
    const port = c.ports.find((p) => p.name === 'http').containerPort;
    expect(c.env.find((e) => e.name === 'PORT')?.value).toBe(String(port));
    for (const probe of [c.livenessProbe, c.startupProbe]) expect(probe.httpGet).toEqual({ path: '/api/try-on/health/live', port: 'http' });
    expect(c.readinessProbe.httpGet).toEqual({ path: '/api/try-on/health', port: 'http' });
    // One secret, read by svc-media to check what the workers sign with it.
    const secretRef = (container) => container.env.find((e) => e.name === 'GENERATION_SERVICE_SECRET')?.valueFrom.secretKeyRef;
    expect(secretRef(c)).toEqual({ name: 'generation-service-secret', key: 'GENERATION_SERVICE_SECRET' });
    expect(secretRef(find(objs, 'Deployment', 'svc-media').spec.template.spec.containers[0])).toEqual(secretRef(c));
    // SIGTERM: WORKER_DRAIN_MS for the models held, then the hand-back; the pod is not killed during the drain.
    const drainSeconds = Number(configMaps.get('svc-generation-config').WORKER_DRAIN_MS) / 1000;
    expect(worker.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(drainSeconds + 10);
    expect(worker.spec.template.spec.terminationGracePeriodSeconds).toBeLessThanOrEqual(drainSeconds + 60);
    const pdb = find(objs, 'PodDisruptionBudget', 'svc-generation-worker');
    expect(selects(pdb.spec.selector.matchLabels, podLabels(worker))).toBe(true);
    expect(pdb.spec.maxUnavailable).toBe(1);
    // The try-on provider's keys: an optional Secret read whole by the workers only, and the Google
    // service-account file mounted read-only (never a ConfigMap, never the API).
    expect(c.envFrom).toContainEqual({ secretRef: { name: 'try-on-provider', optional: true } });
    const apiContainer = api.spec.template.spec.containers[0];
    expect(JSON.stringify(apiContainer.envFrom ?? [])).not.toContain('try-on-provider');
    const google = worker.spec.template.spec.volumes.find((v) => v.secret?.secretName === 'try-on-provider-google');
    expect(google.secret.optional).toBe(true);
    expect(c.volumeMounts).toContainEqual({ name: google.name, mountPath: '/var/run/secrets/google', readOnly: true });
  });

  test('KEDA scales the workers on the work not yet done (postgresql trigger), with min/max replicas from the overlay; no HPA of ours competes', () => {
    const worker = find(objs, 'Deployment', 'svc-generation-worker');
    const scaled = find(objs, 'ScaledObject', 'svc-generation-worker');
    expect(scaled.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'svc-generation-worker' });
    expect(scaled.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
    expect(scaled.spec.maxReplicaCount).toBeGreaterThan(scaled.spec.minReplicaCount);
    expect(scaled.spec.triggers).toHaveLength(1);
    const [{ type, metadata }] = scaled.spec.triggers;
    expect(type).toBe('postgresql');
    // The connection string is the worker container's own DATABASE_URL (from its Secret).
    const env = worker.spec.template.spec.containers[0].env.find((e) => e.name === metadata.connectionFromEnv);
    expect(env.valueFrom.secretKeyRef).toEqual({ name: 'svc-generation-secrets', key: 'DATABASE_URL' });
    const schema = configMaps.get('svc-generation-config').DATABASE_SCHEMA;
    expect(metadata.query).toBe(`SELECT count(*) FROM ${schema}.try_on_job_models WHERE state IN ('queued', 'requeued', 'running')`);
    expect(Number(metadata.targetQueryValue)).toBeGreaterThan(0);
    expect(Number(metadata.targetQueryValue)).toBeLessThanOrEqual(Number(configMaps.get('svc-generation-config').WORKER_CONCURRENCY));
    expect(objs.filter((o) => o.kind === 'HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name)).toEqual(['svc-generation']);
  });

  test('every Deployment that may run more than one replica has a PDB over exactly its pods and spreads them by zone and by node', () => {
    const workloads = objs.filter((o) => WORKLOADS.has(o.kind));
    const pdbs = objs.filter((o) => o.kind === 'PodDisruptionBudget');
    const multi = multiReplica(objs);
    expect(multi.length).toBeGreaterThan(0);
    for (const d of multi) {
      const where = `Deployment/${d.metadata.name}`;
      const own = pdbs.filter((p) => selects(p.spec.selector.matchLabels, podLabels(d)));
      expect([where, own.length]).toEqual([where, 1]);
      // The PDB covers no other workload's pods (a migration Job, the workers of the API…).
      const covered = workloads.filter((w) => selects(own[0].spec.selector.matchLabels, podLabels(w)));
      expect([where, covered.map((w) => w.metadata.name)]).toEqual([where, [d.metadata.name]]);
      // A drain may always take one pod, even from an overlay that runs a single replica.
      expect([where, own[0].spec.maxUnavailable]).toEqual([where, 1]);
      const spread = d.spec.template.spec.topologySpreadConstraints ?? [];
      for (const key of ['topology.kubernetes.io/zone', 'kubernetes.io/hostname']) {
        const c = spread.find((t) => t.topologyKey === key);
        expect([where, key, c?.whenUnsatisfiable]).toEqual([where, key, 'ScheduleAnyway']);
        expect([where, key, c.maxSkew]).toEqual([where, key, 1]);
        expect([where, key, selects(c.labelSelector.matchLabels, podLabels(d))]).toEqual([where, key, true]);
        expect([where, key, workloads.filter((w) => selects(c.labelSelector.matchLabels, podLabels(w))).length]).toEqual([where, key, 1]);
      }
    }
    // No PDB is left over from a removed workload.
    for (const p of pdbs) expect([p.metadata.name, workloads.some((w) => selects(p.spec.selector.matchLabels, podLabels(w)))]).toEqual([p.metadata.name, true]);
  });

  test("every service's pods and the workers' carry the scrape annotations for their own port and /metrics", () => {
    const scraped = [...apps.filter((a) => a.kind === 'service').map((a) => a.name), 'svc-generation-worker'];
    for (const name of scraped) {
      const d = find(objs, 'Deployment', name);
      const port = d.spec.template.spec.containers[0].ports.find((p) => p.name === 'http').containerPort;
      expect([name, d.spec.template.metadata.annotations]).toEqual([name, {
        'prometheus.io/scrape': 'true', 'prometheus.io/port': String(port), 'prometheus.io/path': '/metrics',
      }]);
    }
  });

  test('svc-generation has an HPA owning its replica count and a PDB over its pods', () => {
    const d = find(objs, 'Deployment', 'svc-generation');
    const hpa = find(objs, 'HorizontalPodAutoscaler', 'svc-generation');
    const pdb = find(objs, 'PodDisruptionBudget', 'svc-generation');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'svc-generation' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(d.spec.replicas).toBeUndefined();
    expect(selects(pdb.spec.selector.matchLabels, podLabels(d))).toBe(true);
  });
});

describe('overlay differences', () => {
  const dev = buildOverlay('dev');
  const prod = buildOverlay('prod');
  const kinds = (objs) => new Set(objs.map((o) => `${o.kind}/${o.metadata.name}`));

  test('dev runs Postgres, object storage with its bucket Job, Mailpit and the local VTON engine; prod none of them', () => {
    const d = kinds(dev);
    const p = kinds(prod);
    for (const k of ['StatefulSet/postgres', 'StatefulSet/object-storage', 'Job/object-storage-create-bucket', 'Deployment/mailpit', 'Deployment/vton-engine']) {
      expect(d.has(k)).toBe(true);
      expect(p.has(k)).toBe(false);
    }
    const engine = find(dev, 'Deployment', 'vton-engine').spec.template.spec.containers[0];
    expect(engine.image).toBe(find(dev, 'Deployment', 'svc-generation').spec.template.spec.containers[0].image);
    expect(engine.command).toEqual(['node', '--enable-source-maps', 'dist/local-engine/main.js']);
    expect(engine.readinessProbe.httpGet.path).toBe('/healthz');
    const cfg = (objs, name) => find(objs, 'ConfigMap', name).data;
    expect(cfg(dev, 'svc-generation-config').VTON_API_URL).toBe('http://vton-engine:3004/v1/try-on');
    expect(cfg(dev, 'svc-media-config').S3_ENDPOINT).toBe('http://object-storage:8333');
    expect(cfg(prod, 'svc-generation-config').VTON_API_URL).toMatch(/^https:\/\//);
    expect(cfg(prod, 'svc-media-config').S3_ENDPOINT).toMatch(/^https:\/\//);
  });

  test('every image that is not ours is pinned by digest, in both overlays (issue 33)', () => {
    const images = [...dev, ...prod].flatMap((o) => containersOf(o)).map((c) => c.image).filter((image) => !/(^|\/)vton\//.test(image));
    expect(images).toContain('axllent/mailpit:v1.27.8@sha256:6abc8e633df15eaf785cfcf38bae48e66f64beecdc03121e249d0f9ec15f0707');
    for (const image of images) expect(image).toMatch(/^[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/);
  });

  test("dev's Postgres runs the embedded one's major (what `npm start` and the service tests run), pinned by digest", () => {
    const postgres = find(dev, 'StatefulSet', 'postgres').spec.template.spec.containers[0];
    const [, major] = /^postgres:(\d+)\.\d+-[\w.-]+@sha256:[0-9a-f]{64}$/.exec(postgres.image) ?? [];
    expect(Number(major)).toBe(embeddedPostgresMajor());
    // 18+ images keep their data under a major-specific directory below this mount (and refuse the old /data layout).
    expect(postgres.volumeMounts.map((m) => m.mountPath)).toContain('/var/lib/postgresql');
  });

  test("dev's object storage is SeaweedFS pinned by digest, with svc-media's own key pair; its Job creates svc-media's bucket", () => {
    const server = find(dev, 'StatefulSet', 'object-storage').spec.template.spec.containers[0];
    const job = find(dev, 'Job', 'object-storage-create-bucket').spec.template.spec.containers[0];
    expect(server.image).toMatch(/^chrislusf\/seaweedfs:[\d.]+@sha256:[0-9a-f]{64}$/);
    expect(job.image).toBe(server.image);
    // Docker Hub no longer serves MinIO's repositories.
    for (const c of [...dev, ...prod].flatMap((o) => containersOf(o))) expect(c.image).not.toMatch(/^(docker\.io\/)?minio\//);
    const secretOf = (c, name) => c.env.find((e) => e.name === name)?.valueFrom.secretKeyRef;
    const media = find(dev, 'Deployment', 'svc-media').spec.template.spec.containers[0];
    for (const c of [server, job]) {
      expect(secretOf(c, 'AWS_ACCESS_KEY_ID')).toEqual(secretOf(media, 'S3_ACCESS_KEY'));
      expect(secretOf(c, 'AWS_SECRET_ACCESS_KEY')).toEqual(secretOf(media, 'S3_SECRET_KEY'));
    }
    expect(job.env.find((e) => e.name === 'S3_BUCKET').valueFrom.configMapKeyRef).toEqual({ name: 'svc-media-config', key: 'S3_BUCKET' });
    const port = server.ports.find((p) => p.name === 's3').containerPort;
    expect(find(dev, 'ConfigMap', 'svc-media-config').data.S3_ENDPOINT).toBe(`http://object-storage:${port}`);
    expect(job.args[0]).toContain(`http://object-storage:${port}`);
  });

  test('the workers\' replica range is an overlay\'s choice: none in base, more in prod than in dev', () => {
    const base = readYamlDocs(path.join(DEPLOY_DIR, 'base/svc-generation-worker.yaml')).find((d) => d.kind === 'ScaledObject');
    expect(base.spec.minReplicaCount).toBeUndefined();
    expect(base.spec.maxReplicaCount).toBeUndefined();
    const range = (objs) => find(objs, 'ScaledObject', 'svc-generation-worker').spec;
    expect(range(prod).minReplicaCount).toBeGreaterThanOrEqual(2);
    expect(range(prod).maxReplicaCount).toBeGreaterThan(range(dev).maxReplicaCount);
  });

  test('prod runs every app and the workers on more than one replica, so each of them has its PDB and spread', () => {
    expect(multiReplica(prod).map((d) => d.metadata.name).sort()).toEqual([...apps.map((a) => a.name), 'svc-generation-worker'].sort());
  });

  test('prod runs more replicas and contains no Secret at all', () => {
    for (const app of apps.filter((a) => a.name !== 'svc-generation')) {
      expect(find(prod, 'Deployment', app.name).spec.replicas).toBeGreaterThan(find(dev, 'Deployment', app.name).spec.replicas);
    }
    expect(find(prod, 'HorizontalPodAutoscaler', 'svc-generation').spec.minReplicas)
      .toBeGreaterThan(find(dev, 'HorizontalPodAutoscaler', 'svc-generation').spec.minReplicas);
    expect(prod.filter((o) => o.kind === 'Secret')).toEqual([]);
  });
});
