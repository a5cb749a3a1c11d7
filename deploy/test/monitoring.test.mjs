// The monitoring component (components/monitoring) as a cluster with the Prometheus Operator and
// Grafana's dashboard sidecar would apply it on top of each overlay: valid objects, one PodMonitor
// per service and the workers that finds their pods' metrics port, the alerts with their runbooks,
// and only metric names the services export.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../lib/apps.mjs';
import { OVERLAYS, buildOverlay, readDeployFile, validate } from './helpers.mjs';

const MONITORED = ['svc-auth', 'svc-media', 'svc-generation', 'svc-generation-worker'];
const ALERTS = ['VtonQueueDepthRising', 'VtonProviderErrors', 'VtonProviderOutOfCredits', 'VtonHttp5xxRatio', 'VtonNoLiveWorker', 'VtonNoWorkerScraped', 'VtonPostgresUnreachable'];
const MONITORING_KINDS = new Set(['PodMonitor', 'ServiceMonitor', 'PrometheusRule']);

/** Every metric the services' code registers (prom-client `name: '…'`), with a histogram's series, and Prometheus' own `up`. */
function exportedMetrics() {
  const sources = ['packages/service-kit/src/metrics/service-metrics.ts', 'svc-generation/src/metrics/generation-metrics.ts', 'svc-auth/src/billing/billing-metrics.ts'];
  const names = new Set(['up']);
  for (const file of sources) {
    const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    // A metric is made with its name first: `new Counter({ name: '…'` or svc-generation's `this.counter('…'`.
    for (const [, kind, name] of text.matchAll(/(?:new |this\.)(Counter|Gauge|Histogram|counter|gauge)\(\{?\s*(?:name: )?'([a-z_:]+)'/g)) {
      names.add(name);
      if (kind === 'Histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${name}${suffix}`);
    }
  }
  return names;
}

/** The metric names a PromQL expression reads: what is left once strings, variables, label sets, ranges, grouping clauses and function calls are gone. */
function metricsIn(expr) {
  const cleaned = expr
    .replace(/"[^"]*"/g, '')
    .replace(/\$\w+/g, '')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '');
  const operators = new Set(['and', 'or', 'unless', 'bool', 'offset']);
  return [...cleaned.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b\s*(\()?/g)]
    .filter(([, word, call]) => !call && !operators.has(word))
    .map(([, word]) => word);
}

describe.each(OVERLAYS)('overlay %s with the monitoring component', (overlay) => {
  const objs = buildOverlay(overlay, { monitoring: true });
  const find = (kind, name) => objs.find((o) => o.kind === kind && o.metadata.name === name);

  test('every object passes its model\'s validation (the Prometheus Operator\'s CRD schemas for PodMonitor and PrometheusRule)', () => {
    for (const o of objs) expect(() => validate(o)).not.toThrow();
  });

  test.each(MONITORED)('a PodMonitor scrapes every %s pod at /metrics on its http port', (name) => {
    const monitor = find('PodMonitor', name);
    const deployment = find('Deployment', name);
    const podLabels = deployment.spec.template.metadata.labels;
    for (const [k, v] of Object.entries(monitor.spec.selector.matchLabels)) expect(podLabels[k]).toBe(v);
    expect(monitor.metadata.namespace).toBe(deployment.metadata.namespace);
    const [endpoint] = monitor.spec.podMetricsEndpoints;
    expect(endpoint.path).toBe('/metrics');
    expect(deployment.spec.template.spec.containers[0].ports.map((p) => p.name)).toContain(endpoint.port);
  });

  test('the alert rules are the ones deploy/README has a runbook for, and read only metrics the services export', () => {
    const rules = objs.filter((o) => o.kind === 'PrometheusRule').flatMap((r) => r.spec.groups.flatMap((g) => g.rules));
    expect(rules.map((r) => r.alert).sort()).toEqual([...ALERTS].sort());
    const readme = readDeployFile('README.md');
    const anchors = new Set([...readme.matchAll(/^#{2,4} (.+)$/gm)].map(([, h]) => h.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-')));
    const exported = exportedMetrics();
    for (const rule of rules) {
      expect(rule.annotations.runbook_url).toMatch(/^deploy\/README\.md#/);
      expect(`${rule.alert}: ${anchors.has(rule.annotations.runbook_url.split('#')[1])}`).toBe(`${rule.alert}: true`);
      expect(['warning', 'critical']).toContain(rule.labels.severity);
      for (const metric of metricsIn(rule.expr)) expect(`${rule.alert} reads ${metric}: ${exported.has(metric)}`).toBe(`${rule.alert} reads ${metric}: true`);
    }
  });

  test('the Grafana dashboard ships in a ConfigMap the sidecar loads, and its panels read only metrics the services export', () => {
    const maps = objs.filter((o) => o.kind === 'ConfigMap' && o.metadata.labels?.grafana_dashboard === '1');
    expect(maps.map((m) => m.metadata.name)).toEqual(['vton-studio-dashboard']);
    const dashboard = JSON.parse(maps[0].data['vton-studio.json']);
    expect(dashboard.uid).toBe('vton-studio');
    const panels = dashboard.panels.filter((p) => p.type !== 'row');
    expect(panels.map((p) => p.title)).toEqual(expect.arrayContaining([
      'Requests per second, by service', 'Latency p95, by service', 'Models waiting and running (the fleet)', 'Workers up',
      'Provider call p95, by provider', 'Provider error ratio, by provider',
    ]));
    const exported = exportedMetrics();
    for (const panel of panels) {
      for (const target of panel.targets) {
        for (const metric of metricsIn(target.expr)) expect(`${panel.title} reads ${metric}: ${exported.has(metric)}`).toBe(`${panel.title} reads ${metric}: true`);
      }
    }
  });
});

test.each(OVERLAYS)('overlay %s without the component has no Prometheus Operator object (it applies on a cluster without the CRDs)', (overlay) => {
  expect(buildOverlay(overlay).filter((o) => MONITORING_KINDS.has(o.kind))).toEqual([]);
});
