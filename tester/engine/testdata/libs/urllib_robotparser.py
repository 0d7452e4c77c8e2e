# Answers can_fetch queries with Python's own urllib.robotparser, for
# libs_agreement_test.go. Input: one JSON object a line, {"robots": text,
# "queries": [[agent, url], ...]}; output: one JSON object a line,
# {"a": [1 allowed, 0 blocked, null the call raised], ...} or {"err": text}
# when parsing raised. The first output line says which Python this is.
import json
import sys
from urllib import robotparser

print(json.dumps({"version": sys.version.split()[0],
                  "rfc9309": hasattr(robotparser, "normalize_pattern")}), flush=True)
for line in sys.stdin:
    job = json.loads(line)
    rp = robotparser.RobotFileParser()
    try:
        rp.parse(job["robots"].splitlines())
    except Exception as e:  # a crash of the library is an answer too
        print(json.dumps({"err": repr(e)}))
        continue
    answers = []
    for agent, url in job["queries"]:
        try:
            answers.append(1 if rp.can_fetch(agent, url) else 0)
        except Exception:
            answers.append(None)
    print(json.dumps({"a": answers}))
sys.stdout.flush()
