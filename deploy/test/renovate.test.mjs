// renovate.json's packageRules, evaluated for real dependencies the way Renovate documents it: the
// rules in order, each applying when all its match* conditions hold, a later rule's settings
// overriding an earlier one's (https://docs.renovatebot.com/configuration-options/#packagerules);
// a pattern is `/regex/` (or `/regex/i`), else a minimatch glob or exact name, `!` negating; a list
// matches when one of its positive patterns does (if it has any) and none of its negated ones excludes
// (https://docs.renovatebot.com/string-pattern-matching/). The presets in `extends` come before.
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../lib/apps.mjs';
import { embeddedPostgresMajor } from './helpers.mjs';

const config = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'renovate.json'), 'utf8'));

function matchesPattern(input, pattern) {
  const negated = pattern.startsWith('!');
  const body = negated ? pattern.slice(1) : pattern;
  const regex = /^\/(.*)\/(i?)$/.exec(body);
  const matched = regex ? new RegExp(regex[1], regex[2]).test(input) : path.posix.matchesGlob(input, body);
  return negated ? !matched : matched;
}

function matchesList(input, patterns) {
  const positive = patterns.filter((p) => !p.startsWith('!'));
  const negative = patterns.filter((p) => p.startsWith('!'));
  return (positive.length === 0 || positive.some((p) => matchesPattern(input, p))) && negative.every((p) => matchesPattern(input, p));
}

/** What a dependency is matched on: its package name, its datasource and the update's type. */
const CONDITIONS = { matchPackageNames: 'packageName', matchDatasources: 'datasource', matchUpdateTypes: 'updateType' };

function applies(rule, dependency) {
  return Object.entries(rule)
    .filter(([key]) => key.startsWith('match'))
    .every(([key, patterns]) => {
      if (!(key in CONDITIONS)) throw new Error(`renovate.json uses ${key}, which this test does not evaluate yet`);
      return matchesList(dependency[CONDITIONS[key]], patterns);
    });
}

/** The settings renovate.json's rules leave a dependency's update with. */
function settingsFor(dependency) {
  const settings = {};
  for (const rule of config.packageRules.filter((r) => applies(r, dependency))) {
    for (const [key, value] of Object.entries(rule)) if (!key.startsWith('match') && key !== 'description') settings[key] = value;
  }
  return settings;
}

const npm = (packageName, updateType = 'minor') => ({ packageName, datasource: 'npm', updateType });
const image = (packageName, updateType) => ({ packageName, datasource: 'docker', updateType });

test('React, its DOM renderer, the router and their types are one group, not the types group', () => {
  for (const name of ['react', 'react-dom', 'react-router-dom', '@types/react', '@types/react-dom']) {
    expect([name, settingsFor(npm(name)).groupName]).toEqual([name, 'React']);
  }
});

test('other type packages are the types group; @types/node stays within the oldest Node in engines', () => {
  for (const name of ['@types/jest', '@types/supertest', '@types/node']) expect([name, settingsFor(npm(name)).groupName]).toEqual([name, 'types']);
  const engines = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).engines.node;
  const oldestNode = Math.min(...[...engines.matchAll(/\^(\d+)/g)].map(([, major]) => Number(major)));
  expect(settingsFor(npm('@types/node', 'major')).allowedVersions).toBe(`<${oldestNode + 1}`);
});

test('NestJS, webpack with module federation, and OpenTelemetry each move as one group', () => {
  expect(settingsFor(npm('@nestjs/core')).groupName).toBe('NestJS');
  expect(settingsFor(npm('nestjs-pino')).groupName).toBe('NestJS');
  for (const name of ['webpack', 'webpack-dev-server', '@module-federation/enhanced']) expect(settingsFor(npm(name)).groupName).toBe('webpack and module federation');
  expect(settingsFor(npm('@opentelemetry/sdk-node')).groupName).toBe('OpenTelemetry');
  expect(settingsFor(npm('pg')).groupName).toBeUndefined();
});

test("images are pinned by digest, digest refreshes grouped; dev's Postgres stays at the embedded Postgres's major", () => {
  expect(config.extends).toContain(':pinDigests');
  expect(settingsFor(image('axllent/mailpit', 'minor'))).toEqual({ pinDigests: true });
  expect(settingsFor(image('axllent/mailpit', 'digest'))).toEqual({ pinDigests: true, groupName: 'image digests' });
  expect(settingsFor(image('postgres', 'major'))).toMatchObject({ allowedVersions: `<${embeddedPostgresMajor() + 1}` });
});
