package testerpane

// AddRows adds crawler and path rows that are not there yet, filling an
// empty last row first (the Logs tab sends a crawler and its paths).
func (p *Pane) AddRows(crawlers, paths []string) {
	added := false
	for _, k := range []struct {
		kind  rowKind
		texts []string
	}{{crawlerRows, crawlers}, {pathRows, paths}} {
		rows := p.rows(k.kind)
		have := map[string]bool{}
		for _, r := range *rows {
			have[r] = true
		}
		for _, t := range k.texts {
			if t == "" || have[t] {
				continue
			}
			have[t] = true
			if n := len(*rows); n > 0 && (*rows)[n-1] == "" {
				(*rows)[n-1] = t
			} else {
				*rows = append(*rows, t)
			}
			added = true
		}
	}
	if added {
		p.ensureEmptyRows()
		p.buildRows()
		p.rowsChanged(true)
	}
}
