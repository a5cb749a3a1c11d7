#!/bin/sh
# Rolls an overlay out in the order that keeps the schema ahead of the code:
#   1. everything except the app Deployments (config, secrets, dev dependencies, Services,
#      policies) and the migration Jobs, with the new images;
#   2. wait for every migration Job to complete;
#   3. everything, which rolls the Deployments to the new version.
# Usage: deploy/scripts/apply.sh <overlay dir> <namespace>
#   e.g. deploy/scripts/apply.sh deploy/overlays/dev vton-dev
set -eu
overlay=${1:?usage: apply.sh <overlay dir> <namespace>}
ns=${2:?usage: apply.sh <overlay dir> <namespace>}

# A Job's pod template is immutable: the finished Job of the previous version makes way for the
# new one. Its logs go with it; `kubectl logs job/<svc>-migrate` before this if you need them.
kubectl delete job -n "$ns" -l app.kubernetes.io/component=migrations --ignore-not-found --wait=true

kubectl apply -k "$overlay" -l 'vton.io/rollout!=after-migrations'
# In-cluster dependencies (dev: Postgres, object storage) first, so the Jobs do not spend their retries.
for s in $(kubectl get statefulset -n "$ns" -o name); do
  kubectl rollout status -n "$ns" "$s" --timeout=10m
done
kubectl wait -n "$ns" --for=condition=complete job -l app.kubernetes.io/component=migrations --timeout=10m

kubectl apply -k "$overlay"
for d in $(kubectl get deploy -n "$ns" -l vton.io/rollout=after-migrations -o name); do
  kubectl rollout status -n "$ns" "$d" --timeout=10m
done
