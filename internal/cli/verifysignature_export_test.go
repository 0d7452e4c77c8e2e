//go:build !js

package cli

import "net/http"

// SetVerifyClient points verify-signature's directory fetches at c (a local
// server's client) and returns the undo.
func SetVerifyClient(c *http.Client) func() {
	saved := verifyClient
	verifyClient = c
	return func() { verifyClient = saved }
}
