// Answers isAllowed queries with the robots-parser package from npm, for
// libs_agreement_test.go; the protocol is urllib_robotparser.py's (null:
// isAllowed returned undefined or threw). argv[2] is the folder npm
// installed it in.
'use strict';
const path = require('path');
const dir = path.resolve(process.argv[2]);
const robotsParser = require(path.join(dir, 'node_modules', 'robots-parser'));
const version = require(path.join(dir, 'node_modules', 'robots-parser', 'package.json')).version;
const out = [JSON.stringify({ version })];
const rl = require('readline').createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => {
	const job = JSON.parse(line);
	let robots;
	try {
		robots = robotsParser('http://example.com/robots.txt', job.robots);
	} catch (e) {
		out.push(JSON.stringify({ err: String(e) }));
		return;
	}
	const answers = job.queries.map(([agent, url]) => {
		try {
			const a = robots.isAllowed(url, agent);
			return a === undefined ? null : a ? 1 : 0;
		} catch (e) {
			return null;
		}
	});
	out.push(JSON.stringify({ a: answers, host: robots.getPreferredHost() }));
});
rl.on('close', () => process.stdout.write(out.join('\n') + '\n'));
