// Package catalogue holds the crawler catalogue as data, crawlers.json
// (its format: docs/catalogue.md). The code that reads it, its types and
// the user's layers over it are tester/catalogue's.
package catalogue

import _ "embed"

// JSON is crawlers.json as shipped.
//
//go:embed crawlers.json
var JSON []byte
