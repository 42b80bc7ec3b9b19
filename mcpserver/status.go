package mcpserver

import "github.com/lgraph/lgraph/readview"

// status is lgraph_status's result: the same as lgraph status --json.
func status(v *readview.View) (readview.StatusResult, error) { return v.Status() }
