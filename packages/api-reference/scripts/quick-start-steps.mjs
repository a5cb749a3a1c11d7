/**
 * examples/quick-start.sh is a list of steps, each starting with `### <id>: <title>`, then `# `
 * lines explaining it, then its commands. The docs show the steps; the e2e test runs them.
 */
export function readQuickStartSteps(script) {
  return script
    .split(/^### /m)
    .filter((block) => block.trim())
    .map((block) => {
      const [heading, ...lines] = block.split('\n');
      const [, id, title] = /^([a-z-]+): (.+)$/.exec(heading) ?? [];
      if (!id) throw new Error(`quick-start.sh: a step heading must read "### id: Title", not "### ${heading}"`);
      const explanation = lines.filter((l) => l.startsWith('# ')).map((l) => l.slice(2)).join(' ');
      const commands = lines.filter((l) => !l.startsWith('# ')).join('\n').trim();
      return { id, title, explanation, commands };
    });
}
