// Package newengine holds only a test: an engine registered there, unknown
// to lint, is linted by the traits it states (engine.Traits). It is a
// package of its own so that its engine is registered in its own test
// binary and changes nothing for lint's other tests.
package newengine
