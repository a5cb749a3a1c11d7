// Evaluates the NetworkPolicies of each built overlay the way the API defines them (a pod is
// isolated in a direction once any policy selects it; then only the union of the rules
// allows), and compares every allowed connection with the intended map below.
import path from 'node:path';
import { DEPLOY_DIR } from '../lib/apps.mjs';
import { readYamlDocs } from '../lib/kustomize.mjs';
import { buildOverlay } from './helpers.mjs';

/** The Gateway vton-studio's proxies as Envoy Gateway runs them: in its own namespace, labelled with the Gateway they serve. */
const ENVOY_GATEWAY = {
  name: 'gateway',
  namespace: 'envoy-gateway-system',
  nsLabels: { 'kubernetes.io/metadata.name': 'envoy-gateway-system' },
  labels: { 'gateway.envoyproxy.io/owning-gateway-name': 'vton-studio', 'gateway.envoyproxy.io/owning-gateway-namespace': 'vton' },
  ports: [],
};
/** …and as Istio deploys them: beside the Gateway, with the Gateway API's label (the namespace is the overlay's). */
const IN_NAMESPACE_GATEWAY = { name: 'gateway-in-namespace', labels: { 'gateway.networking.k8s.io/gateway-name': 'vton-studio' }, ports: [] };
/** Another Gateway's proxy in the same namespace, and the retired ingress-nginx: neither reaches anything. */
const OTHER_GATEWAY = { name: 'other-gateway', labels: { 'gateway.networking.k8s.io/gateway-name': 'other' }, ports: [] };
const INGRESS_NGINX = {
  name: 'ingress-nginx',
  namespace: 'ingress-nginx',
  nsLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' },
  labels: { 'app.kubernetes.io/name': 'ingress-nginx' },
  ports: [],
};
/** The scraper: a Prometheus in namespace `monitoring`, labelled as its operator and charts label it. */
const PROMETHEUS = {
  name: 'prometheus',
  namespace: 'monitoring',
  nsLabels: { 'kubernetes.io/metadata.name': 'monitoring' },
  labels: { 'app.kubernetes.io/name': 'prometheus' },
  ports: [],
};
/** Any address outside the cluster (managed Postgres, S3, SMTP, VTON). */
const EXTERNAL = { name: 'external', external: true, labels: {}, ports: [5432, 443, 587, 465, 25, 80] };

function matchesSelector(sel = {}, labels = {}) {
  const okLabels = Object.entries(sel.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const okExpr = (sel.matchExpressions ?? []).every(({ key, operator, values }) => {
    if (operator === 'In') return values.includes(labels[key]);
    if (operator === 'NotIn') return !values.includes(labels[key]);
    if (operator === 'Exists') return key in labels;
    if (operator === 'DoesNotExist') return !(key in labels);
    throw new Error(operator);
  });
  return okLabels && okExpr;
}

function peerMatches(peer, pod, policyNs) {
  if (pod.external) return Boolean(peer.ipBlock);
  if (peer.ipBlock) return false;
  const nsOk = peer.namespaceSelector ? matchesSelector(peer.namespaceSelector, pod.nsLabels) : pod.namespace === policyNs;
  return nsOk && (!peer.podSelector || matchesSelector(peer.podSelector, pod.labels));
}

const portMatches = (ports, port) => !ports || ports.some((p) => p.port === port && (p.protocol ?? 'TCP') === 'TCP');

function allowed(policies, src, dst, port) {
  const direction = (pod, type, rulesKey, peersKey, other) => {
    const selecting = policies.filter((p) => p.metadata.namespace === pod.namespace
      && (p.spec.policyTypes ?? ['Ingress']).includes(type) && matchesSelector(p.spec.podSelector, pod.labels));
    if (!selecting.length) return true;
    return selecting.some((p) => (p.spec[rulesKey] ?? []).some((rule) =>
      (!rule[peersKey] || rule[peersKey].some((peer) => peerMatches(peer, other, p.metadata.namespace)))
      && portMatches(rule.ports, port)));
  };
  const egressOk = src.external || direction(src, 'Egress', 'egress', 'to', dst);
  const ingressOk = dst.external || direction(dst, 'Ingress', 'ingress', 'from', src);
  return egressOk && ingressOk;
}

/** `created`: objects created in the overlay's namespace beside it (kubectl -n <ns> create -f), e.g. the billing Job example. */
function connections(overlay, created = []) {
  const objs = buildOverlay(overlay);
  const ns = objs.find((o) => o.kind === 'Namespace');
  const policies = objs.filter((o) => o.kind === 'NetworkPolicy');
  const workloads = [...objs, ...created.map((o) => ({ ...o, metadata: { ...o.metadata, namespace: ns.metadata.name } }))];
  const pods = workloads.filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind)).map((o) => ({
    name: o.metadata.name ?? o.metadata.generateName,
    namespace: o.metadata.namespace,
    nsLabels: { 'kubernetes.io/metadata.name': ns.metadata.name },
    labels: o.spec.template.metadata.labels,
    ports: o.spec.template.spec.containers.flatMap((c) => (c.ports ?? []).map((p) => p.containerPort)),
  }));
  const inNamespace = (pod) => ({ ...pod, namespace: ns.metadata.name, nsLabels: { 'kubernetes.io/metadata.name': ns.metadata.name } });
  const outsiders = [ENVOY_GATEWAY, inNamespace(IN_NAMESPACE_GATEWAY), inNamespace(OTHER_GATEWAY), INGRESS_NGINX, PROMETHEUS];
  const edges = [];
  for (const src of [...outsiders, ...pods]) {
    for (const dst of [...pods, EXTERNAL]) {
      // The gateways and the scraper are not ours: only what they may reach in this namespace matters.
      if (src === dst || (outsiders.includes(src) && dst === EXTERNAL)) continue;
      for (const port of dst.ports) if (allowed(policies, src, dst, port)) edges.push(`${src.name} -> ${dst.name}:${port}`);
    }
  }
  return edges.sort();
}

const apps = {
  frontends: ['shell', 'mfe-marketing', 'mfe-studio', 'mfe-gallery', 'mfe-docs'],
  services: { 'svc-auth': 3001, 'svc-media': 3002, 'svc-generation': 3003 },
};
const migrations = ['svc-auth-migrate', 'svc-media-migrate', 'svc-generation-migrate'];
const postgresClients = [...Object.keys(apps.services), 'svc-generation-worker', ...migrations];
const common = [
  ...['gateway', 'gateway-in-namespace'].flatMap((g) => [
    ...apps.frontends.map((f) => `${g} -> ${f}:8080`),
    ...Object.entries(apps.services).map(([s, p]) => `${g} -> ${s}:${p}`),
  ]),
  'svc-media -> svc-auth:3001',
  'svc-generation -> svc-auth:3001',
  'svc-generation -> svc-media:3002',
  // The workers are reached by nobody in the namespace, and call svc-media and svc-auth's ledger (credits).
  'svc-generation-worker -> svc-auth:3001',
  'svc-generation-worker -> svc-media:3002',
  // The scraper reaches every service's port (/metrics) and the workers' — no frontend, no dependency.
  ...Object.entries({ ...apps.services, 'svc-generation-worker': 3005 }).map(([s, p]) => `prometheus -> ${s}:${p}`),
];

test('dev: only the Gateway\'s proxies reach the apps; services, Postgres, object storage, Mailpit and the engine only where needed', () => {
  expect(connections('dev')).toEqual([
    ...common,
    ...postgresClients.map((c) => `${c} -> postgres:5432`),
    'svc-media -> object-storage:8333',
    // The workers follow svc-media's presigned URLs to the objects themselves.
    'svc-generation-worker -> object-storage:8333',
    'object-storage-create-bucket -> object-storage:8333',
    'svc-auth -> mailpit:1025',
    // Only the workers call the VTON service; the API never does.
    'svc-generation-worker -> vton-engine:3004',
    // The base Postgres rule is port-only (prod's database is outside); in dev nothing listens there.
    ...postgresClients.map((c) => `${c} -> external:5432`),
  ].sort());
});

test('prod: only the Gateway\'s proxies reach the apps; each service reaches only its own managed dependency', () => {
  expect(connections('prod')).toEqual([
    ...common,
    ...postgresClients.map((c) => `${c} -> external:5432`),
    'svc-auth -> external:587',
    'svc-auth -> external:465',
    'svc-media -> external:443',
    'svc-generation-worker -> external:443',
  ].sort());
});

test("the billing command's Job (examples/billing-job.yaml, created in either namespace) reaches Postgres and nothing else; nothing reaches it", () => {
  const job = readYamlDocs(path.join(DEPLOY_DIR, 'examples/billing-job.yaml'));
  const ofJob = (edges) => edges.filter((e) => e.startsWith('billing- ') || e.includes('-> billing-:'));
  expect(ofJob(connections('dev', job))).toEqual(['billing- -> external:5432', 'billing- -> postgres:5432']);
  expect(ofJob(connections('prod', job))).toEqual(['billing- -> external:5432']);
});
