package tokens

import "strings"

func toValidUTF8(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }
