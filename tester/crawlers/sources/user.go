package sources

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// Put adds the user's own entry, or replaces the entry of the same name
// (a built-in one too: the user's version is used instead, the built-in
// catalogue stays as shipped). It is saved at once and can be undone.
func (s Store) Put(c catalogue.Crawler) error {
	c.Name = strings.TrimSpace(c.Name)
	c.Origin = catalogue.FromUser
	c.Token = ""
	if c.Engine == "" {
		c.Engine = "rfc9309"
	}
	if c.UAPatterns == nil {
		c.UAPatterns = []string{}
	}
	if err := catalogue.Check(c); err != nil {
		return err
	}
	_, err := s.change(func(st State) (State, bool, error) {
		for i, e := range st.Entries {
			if strings.EqualFold(e.Name, c.Name) {
				st.Entries[i] = c
				return st, true, nil
			}
		}
		st.Entries = append(st.Entries, c)
		return st, true, nil
	})
	return err
}

// Remove takes an entry out of the user layer: the user's own, or one an
// update added. A built-in entry cannot be removed.
func (s Store) Remove(name string) error {
	_, err := s.change(func(st State) (State, bool, error) {
		for i, e := range st.Entries {
			if strings.EqualFold(e.Name, name) {
				st.Entries = append(st.Entries[:i], st.Entries[i+1:]...)
				return st, true, nil
			}
		}
		for _, c := range catalogue.Builtin() {
			if strings.EqualFold(c.Name, name) {
				return st, false, msg.Error(msgBuiltIn, "Name", c.Name)
			}
		}
		return st, false, msg.Error(msgNoEntry, "Name", name)
	})
	return err
}
