# Answers can_fetch queries with the installed Protego (Scrapy's parser),
# for libs_agreement_test.go; the protocol is urllib_robotparser.py's.
import json
import sys

import protego

version = getattr(protego, "__version__", "")
if not version:
    try:
        from importlib.metadata import version as dist_version
        version = dist_version("protego")
    except Exception:
        version = "?"
print(json.dumps({"version": version}), flush=True)
for line in sys.stdin:
    job = json.loads(line)
    try:
        rp = protego.Protego.parse(job["robots"])
    except Exception as e:
        print(json.dumps({"err": repr(e)}))
        continue
    answers = []
    for agent, url in job["queries"]:
        try:
            answers.append(1 if rp.can_fetch(url, agent) else 0)
        except Exception:
            answers.append(None)
    print(json.dumps({"a": answers, "host": rp.preferred_host}))
sys.stdout.flush()
