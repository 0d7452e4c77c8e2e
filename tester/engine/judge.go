package engine

// Decision is the part of a Verdict a count or a report of many URLs needs:
// the answer, why, and the deciding rule (nil when none).
type Decision struct {
	Allowed bool
	Reason  Reason
	Rule    *Rule
}

// DecisionOf is v's Decision.
func DecisionOf(v Verdict) Decision {
	return Decision{Allowed: v.Allowed, Reason: v.Reason, Rule: v.Rule}
}

// Judge decides URLs (or paths) for one crawler: Judge(url) is
// DecisionOf(c.Query(agent, url)) for the c and agent it was made for. It
// keeps no reference to url once it returns (a batch reuses the memory of
// its lines).
type Judge func(url string) Decision

// judger is a compiled file with a Judge of its own, quicker than Query: it
// chooses the crawler's group once and builds no Verdict.
type judger interface {
	judge(agent string) Judge
}

// JudgeFor is c's Judge for agent: c's own when it has one, else Query's
// Decision. Make one per crawler and ask it many times; it is safe for
// concurrent use when c's Query is.
func JudgeFor(c Compiled, agent string) Judge {
	if j, ok := c.(judger); ok {
		return j.judge(agent)
	}
	return func(url string) Decision { return DecisionOf(c.Query(agent, url)) }
}

// judge: the queries that MayBeSlow go through the time limit, the others
// to the file's own Judge, as Query sends them straight to its Query.
func (t *timeLimited) judge(agent string) Judge {
	inner := JudgeFor(t.Compiled, agent)
	// MayBeSlow is the agent's and the engine's part (asked once) or a long URL.
	slow := MayBeSlow(t.Compiled, agent, "")
	return func(url string) Decision {
		if slow || len(url) > longInput {
			return DecisionOf(t.Query(agent, url))
		}
		return inner(url)
	}
}
