// Package botauth checks that a request comes from the crawler it names:
// HTTP Message Signatures (RFC 9421) with Ed25519 keys, under the Web Bot
// Auth profile (draft-meunier-webbotauth-httpsig-protocol, see Profile):
// the Signature-Agent header names the signer's origin, whose key directory
// at /.well-known/http-message-signatures-directory holds the keys; the
// signature carries tag="web-bot-auth", created and expires, and covers
// @authority (or @target-uri) and the Signature-Agent member. The answer is
// "verified: ChatGPT Agent (key …)" or exactly why not.
package botauth

import (
	"context"
	"crypto/ed25519"
	"strconv"
	"strings"
	"time"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// Profile names what this package follows, for the UI and the docs.
const (
	Profile = "draft-meunier-webbotauth-httpsig-protocol-02 (editor's copy of 2026-08-20)"
	RFC     = "RFC 9421 (February 2024)"
	// Tag is the tag parameter of a Web Bot Auth signature.
	Tag = "web-bot-auth"
	// Skew is how far in the future a created time may be (clocks differ).
	Skew = time.Minute
	// rfcTestKey is the thumbprint of RFC 9421's published Ed25519 test key
	// (Appendix B.1.4), which the draft's vectors use and which the draft
	// says verifiers should reject in production.
	rfcTestKey = "poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U"
)

// Outcome is the three outcomes the draft's deployment guidance keeps apart.
type Outcome uint8

// Outcomes.
const (
	Unverified Outcome = iota // not enough to decide: no key, no directory
	Verified                  // the signature and the key check out
	Invalid                   // the signature, its parameters or the key fail
)

var (
	msgOutcomeVerified   = msg.Def("botauth.outcome.verified", "verified")
	msgOutcomeInvalid    = msg.Def("botauth.outcome.invalid", "invalid")
	msgOutcomeUnverified = msg.Def("botauth.outcome.unverified", "unverified")
)

// Text is o in the user's language (String is the JSON word).
func (o Outcome) Text() msg.Text {
	switch o {
	case Verified:
		return msg.New(msgOutcomeVerified)
	case Invalid:
		return msg.New(msgOutcomeInvalid)
	}
	return msg.New(msgOutcomeUnverified)
}

func (o Outcome) String() string {
	switch o {
	case Verified:
		return "verified"
	case Invalid:
		return "invalid"
	}
	return "unverified"
}

// Result is the answer for one signature of a request.
type Result struct {
	Outcome Outcome
	Label   string // the signature's label in Signature-Input
	KeyID   string
	Agent   string // the Signature-Agent value it covers
	Crawler string // the catalogue crawler of the agent, "" when unknown
	Created time.Time
	Expires time.Time
	Why     msg.Text   // the reason, or the verified line
	Notes   []msg.Text // what else is worth knowing
}

// Verifier checks signatures. The zero value fetches directories with
// default limits.
type Verifier struct {
	Directories *Directories
	// Keys are keys known beforehand, by keyid (a key the user gives, or
	// RFC 9421's test keys in tests); they are used before any directory.
	Keys map[string]ed25519.PublicKey
	// Now is the clock signatures are checked at; nil is time.Now. A log's
	// line is checked at the time it records.
	Now func() time.Time
	// AcceptTestKeys lets the RFC's published test key verify (tests, demos).
	AcceptTestKeys bool
}

var (
	msgVerified      = msg.Def("botauth.verified", "verified: {{.Who}} (key {{.Key}})")
	msgNoSignature   = msg.Def("botauth.no_signature", "the request carries no `Signature-Input` and `Signature`: it is not signed")
	msgBadInput      = msg.Def("botauth.bad_input", "`Signature-Input` cannot be read: it is not a structured-field dictionary (RFC 9651)")
	msgBadSignature  = msg.Def("botauth.bad_signature", "`Signature` has no byte sequence for `{{.Label}}`")
	msgNotList       = msg.Def("botauth.not_list", "`{{.Label}}` in `Signature-Input` is not a list of covered components")
	msgNotTagged     = msg.Def("botauth.not_tagged", "`{{.Label}}` has tag `{{.Tag}}`, not `web-bot-auth`: it is not a Web Bot Auth signature")
	msgNoCreated     = msg.Def("botauth.no_created", "`{{.Label}}` has no `{{.Param}}` time; Web Bot Auth requires created and expires")
	msgExpired       = msg.Def("botauth.expired", "the signature expired at {{.Expires}}, before {{.Now}}")
	msgFuture        = msg.Def("botauth.future", "the signature was created at {{.Created}}, after {{.Now}}: it is dated in the future")
	msgInverted      = msg.Def("botauth.inverted", "the signature expires ({{.Expires}}) before it was created ({{.Created}})")
	msgLong          = msg.Def("botauth.long", "the signature is valid for longer than the draft recommends (24 h): {{.Hours}} h")
	msgAlg           = msg.Def("botauth.alg", "`{{.Label}}` uses the algorithm `{{.Alg}}`; Robots Studio checks ed25519 only")
	msgNoKeyID       = msg.Def("botauth.no_keyid", "`{{.Label}}` names no keyid")
	msgNoAuthority   = msg.Def("botauth.no_authority", "the signature covers neither `@authority` nor `@target-uri`; Web Bot Auth requires one")
	msgNoAgentCover  = msg.Def("botauth.no_agent_cover", "the signature does not cover `Signature-Agent`, so it proves nothing about who signed")
	msgNoAgent       = msg.Def("botauth.no_agent", "the request has no `Signature-Agent` header")
	msgAgentNotURL   = msg.Def("botauth.agent_not_string", "the `Signature-Agent` member the signature covers is not a string")
	msgKeyUnknown    = msg.Def("botauth.key_unknown", "the key directory {{.URL}} has no key {{.Key}}")
	msgKeyNotYet     = msg.Def("botauth.key_not_yet", "the key {{.Key}} is valid only from {{.From}} (its nbf)")
	msgKeyExpired    = msg.Def("botauth.key_expired", "the key {{.Key}} expired at {{.At}} (its exp)")
	msgMismatch      = msg.Def("botauth.mismatch", "the signature does not match key {{.Key}}: a covered part of the request was changed, or another key signed it")
	msgTestKey       = msg.Def("botauth.test_key", "signed with RFC 9421's published test key, which anyone can sign with; the draft says verifiers should reject it")
	msgTestKeyNote   = msg.Def("botauth.test_key_note", "this is RFC 9421's published test key: anyone can sign with it")
	msgUnknownAgent  = msg.Def("botauth.unknown_agent", "{{.Agent}} is no crawler the catalogue knows")
	msgNoNonceReplay = msg.Def("botauth.replay", "a valid signature can be replayed until it expires; Robots Studio does not track nonces")
)

// Verify checks every signature of r. A request without signature headers
// gives one Unverified result saying so.
func (v *Verifier) Verify(ctx context.Context, r *Request) []Result {
	rawInput, hasInput := r.fieldValue("Signature-Input")
	rawSig, hasSig := r.fieldValue("Signature")
	if !hasInput || !hasSig {
		return []Result{{Outcome: Unverified, Why: msg.New(msgNoSignature)}}
	}
	inputs, err := parseDictionary(rawInput)
	if err != nil {
		return []Result{{Outcome: Invalid, Why: msg.New(msgBadInput)}}
	}
	sigs, err := parseDictionary(rawSig)
	if err != nil {
		t := msg.New(msgNotDictionary, "Field", "Signature")
		return []Result{{Outcome: Invalid, Why: t}}
	}
	var out []Result
	for _, in := range inputs {
		out = append(out, v.one(ctx, r, in, sigs))
	}
	return out
}

func (v *Verifier) now() time.Time {
	if v.Now != nil {
		return v.Now()
	}
	return time.Now()
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

func (v *Verifier) one(ctx context.Context, r *Request, in member, sigs []member) Result {
	res := Result{Label: in.key}
	invalid := func(t msg.Text) Result {
		res.Outcome, res.Why = Invalid, t
		return res
	}
	if !in.inner {
		return invalid(msg.New(msgNotList, "Label", in.key))
	}
	var sig []byte
	for _, s := range sigs {
		if s.key == in.key && !s.inner && s.item.kind == kBytes {
			sig = s.item.bytes
		}
	}
	if sig == nil {
		return invalid(msg.New(msgBadSignature, "Label", in.key))
	}
	str := func(name string) string {
		if it, ok := in.ps.get(name); ok && it.kind == kString {
			return it.str
		}
		return ""
	}
	if tag := str("tag"); tag != Tag {
		return invalid(msg.New(msgNotTagged, "Label", in.key, "Tag", tag))
	}
	res.KeyID = str("keyid")
	if res.KeyID == "" {
		return invalid(msg.New(msgNoKeyID, "Label", in.key))
	}
	if alg, ok := in.ps.get("alg"); ok && !(alg.kind == kString && alg.str == "ed25519") {
		return invalid(msg.New(msgAlg, "Label", in.key, "Alg", alg.str))
	}
	for _, p := range []string{"created", "expires"} {
		it, ok := in.ps.get(p)
		if !ok || it.kind != kInteger {
			return invalid(msg.New(msgNoCreated, "Label", in.key, "Param", p))
		}
		if p == "created" {
			res.Created = time.Unix(it.num, 0)
		} else {
			res.Expires = time.Unix(it.num, 0)
		}
	}

	// The covered components: @authority or @target-uri, and the
	// Signature-Agent (a member of the dictionary, or the legacy string).
	var coversAuthority bool
	agentCover := -1
	for i, li := range in.list {
		if li.item.kind != kString {
			return invalid(msg.New(msgNotList, "Label", in.key))
		}
		switch strings.ToLower(li.item.str) {
		case "@authority", "@target-uri":
			coversAuthority = true
		case "signature-agent":
			agentCover = i
		}
	}
	if !coversAuthority {
		return invalid(msg.New(msgNoAuthority))
	}
	if agentCover < 0 {
		return invalid(msg.New(msgNoAgentCover))
	}
	rawAgent, ok := r.fieldValue("Signature-Agent")
	if !ok {
		return invalid(msg.New(msgNoAgent))
	}
	if key, keyed := in.list[agentCover].ps.get("key"); keyed {
		dict, err := parseDictionary(rawAgent)
		if err != nil {
			return invalid(msg.New(msgNotDictionary, "Field", "Signature-Agent"))
		}
		found := false
		for _, m := range dict {
			if m.key == key.str {
				found = true
				if m.inner || m.item.kind != kString {
					return invalid(msg.New(msgAgentNotURL))
				}
				res.Agent = m.item.str
			}
		}
		if !found {
			return invalid(msg.New(msgNoMember, "Key", key.str, "Field", "Signature-Agent"))
		}
	} else {
		it, _, err := parseItem(rawAgent)
		if err != nil || it.kind != kString {
			return invalid(msg.New(msgAgentNotURL))
		}
		res.Agent = it.str
	}
	if c, ok := CrawlerOf(res.Agent); ok {
		res.Crawler = c
	}

	// The time window.
	now := v.now()
	switch {
	case res.Expires.Before(res.Created):
		return invalid(msg.New(msgInverted, "Created", stamp(res.Created), "Expires", stamp(res.Expires)))
	case !now.Before(res.Expires):
		return invalid(msg.New(msgExpired, "Expires", stamp(res.Expires), "Now", stamp(now)))
	case res.Created.After(now.Add(Skew)):
		return invalid(msg.New(msgFuture, "Created", stamp(res.Created), "Now", stamp(now)))
	}
	if life := res.Expires.Sub(res.Created); life > 24*time.Hour {
		res.Notes = append(res.Notes, msg.New(msgLong, "Hours", strconv.Itoa(int(life/time.Hour))))
	}

	// The base, before any fetch: a request that cannot be rebuilt needs no
	// directory.
	base, why := signatureBase(r, in)
	if why != nil {
		return invalid(*why)
	}

	// The key: given beforehand, else from the agent's directory.
	pub, known := v.Keys[res.KeyID]
	if !known {
		origin, why := Origin(res.Agent)
		if why != nil {
			res.Outcome, res.Why = Unverified, *why
			return res
		}
		dirs := v.Directories
		if dirs == nil {
			dirs = &Directories{}
		}
		d := dirs.Get(ctx, origin)
		res.Notes = append(res.Notes, d.Notes...)
		if d.Err != nil {
			res.Outcome, res.Why = Unverified, *d.Err
			return res
		}
		var key *Key
		for i := range d.Keys {
			if d.Keys[i].Thumbprint == res.KeyID {
				key = &d.Keys[i]
			}
		}
		if key == nil {
			res.Outcome, res.Why = Unverified, msg.New(msgKeyUnknown, "URL", d.URL, "Key", res.KeyID)
			return res
		}
		if !key.NotBefore.IsZero() && res.Created.Before(key.NotBefore) {
			return invalid(msg.New(msgKeyNotYet, "Key", res.KeyID, "From", stamp(key.NotBefore)))
		}
		if !key.Expires.IsZero() && !res.Created.Before(key.Expires) {
			return invalid(msg.New(msgKeyExpired, "Key", res.KeyID, "At", stamp(key.Expires)))
		}
		pub = key.Public
	}
	if !ed25519.Verify(pub, base, sig) {
		return invalid(msg.New(msgMismatch, "Key", res.KeyID))
	}
	if res.KeyID == rfcTestKey || Thumbprint(encodeX(pub)) == rfcTestKey {
		if !v.AcceptTestKeys {
			return invalid(msg.New(msgTestKey))
		}
		res.Notes = append(res.Notes, msg.New(msgTestKeyNote))
	}
	who := res.Agent
	if res.Crawler != "" {
		who = res.Crawler
	} else {
		res.Notes = append(res.Notes, msg.New(msgUnknownAgent, "Agent", res.Agent))
	}
	res.Notes = append(res.Notes, msg.New(msgNoNonceReplay))
	res.Outcome, res.Why = Verified, msg.New(msgVerified, "Who", who, "Key", res.KeyID)
	return res
}

// VerifyKey checks one signature label of r with a given public key, under
// RFC 9421 alone (no Web Bot Auth profile): the base is rebuilt and the
// Ed25519 signature checked. It is what the RFC's own test vectors exercise.
func VerifyKey(r *Request, label string, pub ed25519.PublicKey) (bool, *msg.Text) {
	rawInput, ok1 := r.fieldValue("Signature-Input")
	rawSig, ok2 := r.fieldValue("Signature")
	if !ok1 || !ok2 {
		t := msg.New(msgNoSignature)
		return false, &t
	}
	inputs, err1 := parseDictionary(rawInput)
	sigs, err2 := parseDictionary(rawSig)
	if err1 != nil || err2 != nil {
		t := msg.New(msgBadInput)
		return false, &t
	}
	for _, in := range inputs {
		if in.key != label || !in.inner {
			continue
		}
		for _, s := range sigs {
			if s.key == label && s.item.kind == kBytes {
				base, why := signatureBase(r, in)
				if why != nil {
					return false, why
				}
				return ed25519.Verify(pub, base, s.item.bytes), nil
			}
		}
	}
	t := msg.New(msgBadSignature, "Label", label)
	return false, &t
}
